import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SecondFactorStep } from "@/components/auth/second-factor-step";
import { Providers } from "@/components/shell/providers";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { isSessionUsable } from "@/server/auth/session";
import { pageSignIn } from "@/server/http/page";

export const metadata: Metadata = { title: "Two-factor authentication" };

/** After the password: the code of an enrolled member, or the enrolment a required one still owes. */
export default async function SecondFactorPage() {
  const signIn = await pageSignIn();
  if (!signIn) redirect("/sign-in");
  if (isSessionUsable(signIn)) redirect("/");
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-8">
      <div className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div>
            <h1 className="text-xl font-semibold">
              {signIn.secondFactor === "pending" ? "Enter your code" : "Set up two-factor authentication"}
            </h1>
            <p className="mt-1 text-sm text-slate-600">{signIn.staff.email}</p>
          </div>
          <SignOutButton />
        </div>
        <Providers>
          <SecondFactorStep mode={signIn.secondFactor === "pending" ? "code" : "enrol"} />
        </Providers>
      </div>
    </main>
  );
}
