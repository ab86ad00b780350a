import { CopyButton } from "@/components/ui/copy-button";

/** The one time a generated password is shown: it is kept nowhere else, not even in the query cache. */
export function GeneratedPassword({ password }: { password: string }) {
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-xs font-medium tracking-wide text-amber-900 uppercase">Generated password</p>
      <p className="flex items-center gap-2">
        <code
          data-testid="generated-password"
          className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200"
        >
          {password}
        </code>
        <CopyButton value={password} label="generated password" />
      </p>
      <p className="text-sm font-medium text-amber-950">Copy it now: it will not be shown again. Give it to them through a safe channel.</p>
    </div>
  );
}
