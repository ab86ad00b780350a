import { ErrorState } from "@/components/ui";

export function FinanceForbidden() {
  return <ErrorState title="Not available to your role" message="Finance pages are for finance staff and administrators. Ask an administrator if you need access." />;
}
