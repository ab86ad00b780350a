"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function SignOutButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={pending}
      onClick={async () => {
        setPending(true);
        // No server-side redirect: next-auth would build it from NEXTAUTH_URL, not from this host.
        // The auth library's browser client is fetched on the click, not with every page.
        const { signOut } = await import("next-auth/react");
        await signOut({ redirect: false });
        router.replace("/sign-in");
        router.refresh();
      }}
    >
      Sign out
    </Button>
  );
}
