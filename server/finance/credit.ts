import "server-only";
import { AppError, isAppError } from "@/lib/errors";
import { creditSimulationRequestSchema, type CreditSimulationResponse } from "@/lib/schemas";
import { writeAudit, writeAuditQuietly } from "@/server/audit/writer";
import type { StaffMember } from "@/server/auth/staff-repo";
import { parseOrThrow } from "@/server/bff/validate";
import { env } from "@/server/env";
import { upstream } from "@/server/upstream/client";

export const sandboxOnly = () =>
  new AppError({
    status: 403,
    code: "sandbox_only",
    message: "Simulating an incoming credit is possible in the sandbox only. This back-office is connected to production.",
  });

/**
 * `POST /checkouts/{accountNo}/credit`. The environment is checked before the body is even read,
 * so in production nothing a client sends can reach the upstream. Audited either way.
 */
export async function simulateCredit(staff: StaffMember, accountNo: string, rawBody: unknown, requestId: string): Promise<CreditSimulationResponse> {
  const target = `collection_account:${accountNo}`;
  if (env().environment !== "sandbox") {
    await writeAuditQuietly({ actor: staff, action: "credit.simulate", target, outcome: "denied", requestId, detail: { reason: "production" } });
    throw sandboxOnly();
  }
  const body = parseOrThrow(creditSimulationRequestSchema, rawBody);
  const detail = { amount: body.amount, senderReference: body.sender.reference };
  try {
    const result = await upstream().simulateCredit(accountNo, body);
    await writeAudit({ actor: staff, action: "credit.simulate", target, outcome: "success", requestId, detail: { ...detail, transactionId: result.id } });
    return result;
  } catch (error) {
    const code = isAppError(error) ? error.code : "unexpected";
    await writeAuditQuietly({ actor: staff, action: "credit.simulate", target, outcome: "failure", requestId, detail: { ...detail, code } });
    throw error;
  }
}
