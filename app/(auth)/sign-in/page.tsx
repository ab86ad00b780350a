import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { EnvironmentBadge } from "@/components/shell/environment-badge";
import { oidcRefusalMessage } from "@/server/auth/oidc-sign-in";
import { pageSessionStaff } from "@/server/http/page";
import { env } from "@/server/env";
import { safeCallbackUrl } from "@/lib/safe-callback";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await pageSessionStaff()) redirect(callbackUrl);
  const { environment, oidc, passwordSignIn, demoAccounts } = env();
  const code = typeof params.error === "string" ? params.error : null;
  const initialError = code && oidc ? oidcRefusalMessage(code, oidc.name) : null;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="mb-6 flex items-center justify-between">
          <h1 className="text-xl font-semibold">Payments back-office</h1>
          <EnvironmentBadge environment={environment} />
        </div>
        <SignInForm
          callbackUrl={callbackUrl}
          showDemoHint={demoAccounts && passwordSignIn}
          passwordSignIn={passwordSignIn}
          ssoName={oidc?.name ?? null}
          initialError={initialError}
        />
      </div>
    </main>
  );
}
