export function EnvironmentBadge({ environment }: { environment: "sandbox" | "production" }) {
  if (environment === "production") {
    return <span className="rounded-md bg-slate-800 px-2 py-0.5 text-xs font-semibold tracking-wide text-white">PRODUCTION</span>;
  }
  return (
    <span
      className="rounded-md bg-amber-400 px-2 py-0.5 text-xs font-bold tracking-wide text-amber-950 ring-1 ring-amber-600"
      title="Sandbox: test data, no real money moves"
    >
      SANDBOX
    </span>
  );
}
