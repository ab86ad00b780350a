// Fixed colours in both themes: the environment must read the same whatever the system setting.
export function EnvironmentBadge({ environment }: { environment: "sandbox" | "production" }) {
  if (environment === "production") {
    return (
      <span className="shrink-0 rounded-md bg-[#1e293b] px-2 py-0.5 text-xs font-semibold tracking-wide text-[#fff] dark:ring-1 dark:ring-[#94a3b8]">
        PRODUCTION
      </span>
    );
  }
  return (
    <span
      className="shrink-0 rounded-md bg-[#fbbf24] px-2 py-0.5 text-xs font-bold tracking-wide text-[#451a03] ring-1 ring-[#d97706]"
      title="Sandbox: test data, no real money moves"
    >
      SANDBOX
    </span>
  );
}
