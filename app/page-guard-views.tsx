import { ErrorState } from "@/components/ui/error-state";
import { NotFoundState } from "@/components/ui/not-found-state";
import { PageHeader } from "@/components/ui/page-header";
import { capabilities, type Capability } from "@/lib/permissions";
import { roleWords } from "@/lib/format/role-label";

/**
 * What a page shows, inside the layout, to a role that may not use it (its API routes answer 403).
 * Who may use it is read from the permission matrix, so the sentence cannot drift from the rule.
 */
export function ForbiddenView({ area, capability }: { area: string; capability: Capability }) {
  const who = listOf(capabilities[capability].map((role) => roleWords[role].members));
  return (
    <>
      <PageHeader title="Not available to your role" />
      <ErrorState title={`Only ${who} may open ${area}.`} message="Ask an administrator if you need access." />
    </>
  );
}

/** An id in the address that no record can have: said plainly, and nothing was asked of the upstream. */
export function InvalidIdView({ label, href, linkLabel }: { label: string; href: string; linkLabel: string }) {
  return (
    <>
      <PageHeader title={`${capitalise(label)} not found`} />
      <NotFoundState
        title={`That is not a valid ${label} id`}
        message="Ids are letters, digits, '-' and '_' only, at most 128 characters."
        href={href}
        linkLabel={linkLabel}
      />
    </>
  );
}

function listOf(items: string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The request came from an address outside the administrators' allowlist: nothing of the page, nothing of the list. */
export function AddressRefusedView() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <PageHeader title="Not available from this network" />
      <ErrorState
        title="This back-office cannot be used from your network address."
        message="Connect from your office network or VPN, or ask an administrator."
      />
    </main>
  );
}
