import { ErrorState } from "@/components/ui";

/** What a page shows to a role that may not use it (the matching API routes answer 403). */
export function RoleForbidden({ area }: { area: string }) {
  return <ErrorState title="Not available to your role" message={`${area} is not part of your role. Ask an administrator if you need it.`} />;
}
