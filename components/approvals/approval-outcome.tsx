import { GeneratedPassword } from "@/components/staff/generated-password";
import { Person } from "@/components/ui/person";
import type { Approval } from "@/lib/approvals/actions";

/**
 * What the checker sees once the approved action ran: its own answer, in words. A reset's one-time
 * password, and an approved addition's generated one, is shown here once, as the reset dialog would have shown it; a reveal is never shown to
 * the checker (the requester reveals it themselves).
 */
export function ApprovalOutcome({ approval, answer }: { approval: Approval; answer: unknown }) {
  const data = (answer ?? {}) as Record<string, unknown>;
  if (data.kind === "approval_granted")
    return (
      <p role="status">
        Approved: <Person {...approval.requested_by} /> may now reveal it once within 15 minutes. You do not see the record.
      </p>
    );
  if (approval.action === "staff.password_reset" && typeof data.oneTimePassword === "string") {
    return (
      <div className="space-y-2" role="status">
        <p>Approved and done: the password was reset.</p>
        <GeneratedPassword password={data.oneTimePassword} />
      </div>
    );
  }
  // An approved addition (held under staff.role): its generated password is shown once, here.
  if (typeof data.member === "object" && data.member !== null && "generatedPassword" in data) {
    const member = data.member as { email?: unknown };
    return (
      <div className="space-y-2" role="status">
        <p>Approved and done: {String(member.email ?? "the member")} was added.</p>
        {typeof data.generatedPassword === "string" ? (
          <GeneratedPassword password={data.generatedPassword} />
        ) : (
          <p>They sign in with the password the requester chose.</p>
        )}
      </div>
    );
  }
  if (data.kind === "card" && typeof data.card === "object" && data.card !== null) {
    const card = data.card as { id?: unknown };
    return <p role="status">Approved and done: card {String(card.id ?? "")} was issued.</p>;
  }
  if (data.kind === "verification_pending")
    return <p role="status">Approved, but no card was made: the payments API answered that the verification is pending.</p>;
  return <p role="status">Approved and done.</p>;
}
