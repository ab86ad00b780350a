"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { ChangePasswordForm } from "./change-password-form";

export const PASSWORD_PAGE = "/account/password";

/**
 * Shown instead of every page while a member must replace the one-time password an administrator
 * gave them: the server renders no page content, and the API refuses everything else meanwhile.
 */
export function RequiredPasswordChange({ email }: { email: string }) {
  const pathname = usePathname();
  const router = useRouter();
  useEffect(() => {
    if (pathname !== PASSWORD_PAGE) router.replace(PASSWORD_PAGE);
  }, [pathname, router]);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md space-y-5 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold">Choose a new password</h1>
          <p className="text-sm text-slate-600">An administrator reset the password of {email}. Choose your own before you continue.</p>
        </div>
        <ChangePasswordForm required />
        <div className="border-t border-slate-100 pt-4">
          <SignOutButton />
        </div>
      </div>
    </main>
  );
}
