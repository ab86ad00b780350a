import "server-only";
import { fail } from "./respond";
import type { CustomerRecord } from "./seed/records";
import type { SimulatorState } from "./state";
import type { VerificationDecisionEvent } from "./types";

/** The status body both card-verification endpoints and the legacy POST /cards path answer with. */
export function verificationBody(customer: CustomerRecord) {
  return { customer_id: customer.id, status: customer.verification.status, can_create_card: customer.verification.can_create_card };
}

/** Spec rule 5: unknown → 404; a customer of another business → 403. */
export function requireCustomer(state: SimulatorState, id: string, businessId: string): CustomerRecord {
  const customer = state.customers.get(id);
  if (!customer) throw fail.notFound("customer", id);
  if (customer.business_id !== businessId) {
    throw fail.general(403, "This customer does not belong to the authenticated business.", { customer_id: id });
  }
  return customer;
}

/** 503 whose `code` tells the client to retry later or to contact support. */
export function assertServiceAvailable(customer: CustomerRecord): void {
  if (customer.unavailable === "retry") {
    throw fail.typed(
      503,
      "VERIFICATION_TEMPORARILY_UNAVAILABLE",
      "The verification service is temporarily unavailable. The saved state is unchanged; try again in a few minutes.",
    );
  }
  if (customer.unavailable === "support") {
    throw fail.typed(
      503,
      "VERIFICATION_PROVIDER_ERROR",
      "The document verification provider reported an error that retrying will not fix. Contact support with the customer id.",
    );
  }
}

/** Card verification applies to individual non-Nigerian customers only (spec: What the service does). */
export function assertVerificationApplies(customer: CustomerRecord): void {
  if (customer.nationality === "NG") {
    throw fail.typed(
      422,
      "VERIFICATION_NOT_APPLICABLE",
      "Nigerian customers are verified when the card is created. Create the card with POST /cards instead.",
      "nationality",
    );
  }
  if (customer.type !== "INDIVIDUAL") {
    throw fail.typed(422, "VERIFICATION_NOT_APPLICABLE", "Card verification applies to individual customers only.", "type");
  }
}

/** Endpoint rule 3: a supported identity document and the actual residential address must be saved first. */
export function assertKycComplete(customer: CustomerRecord): void {
  if (!customer.kyc.identity_document) {
    throw fail.typed(
      422,
      "KYC_INCOMPLETE",
      "Save a supported identity document for the customer before submitting card verification.",
      "identity_document",
    );
  }
  if (!customer.kyc.residential_address) {
    throw fail.typed(
      422,
      "KYC_INCOMPLETE",
      "Save the customer's actual residential address before submitting card verification.",
      "residential_address",
    );
  }
}

/** The 409 for states a new attempt cannot leave on its own. */
export function assertNotBlocked(customer: CustomerRecord): void {
  if (customer.verification.status === "REJECTED") {
    throw fail.typed(
      409,
      "VERIFICATION_REJECTED",
      "The customer's card verification was rejected. A new attempt cannot be started; contact support to review the documents.",
    );
  }
  if (customer.verification.status === "RECONCILIATION_REQUIRED") {
    throw fail.typed(
      409,
      "RECONCILIATION_REQUIRED",
      "The verification must be reconciled with the customer's saved details before a card can be created. Contact support.",
    );
  }
}

/**
 * Starts and decides verifications. A started verification is decided `delayMs` later (per the
 * injected clock): lazily on each request, by `tick()`, or by an unref'd timer in real time.
 */
export function createVerificationEngine(options: {
  getState: () => SimulatorState;
  now: () => number;
  delayMs: number;
  onDecision?: (event: VerificationDecisionEvent) => void;
}) {
  const timers = new Set<NodeJS.Timeout>();

  function decideDue(): void {
    const now = options.now();
    for (const customer of options.getState().customers.values()) {
      const { verification } = customer;
      if (verification.status !== "PENDING" || verification.decideAt === null || now < verification.decideAt) continue;
      const status = customer.decisionOutcome ?? "APPROVED";
      const decidedAt = new Date(verification.decideAt).toISOString();
      customer.verification = { status, can_create_card: status === "APPROVED", decideAt: null };
      const event: VerificationDecisionEvent = {
        eventId: `evt_${crypto.randomUUID()}`,
        customerId: customer.id,
        status,
        canCreateCard: status === "APPROVED",
        decidedAt,
      };
      try {
        options.onDecision?.(event);
      } catch {
        // A failing listener (webhook delivery) must not undo or repeat the decision.
      }
    }
  }

  function start(customer: CustomerRecord): void {
    const decideAt = customer.decisionOutcome === null ? null : options.now() + options.delayMs;
    customer.verification = { status: "PENDING", can_create_card: false, decideAt };
    if (decideAt !== null) schedule(decideAt, options.delayMs, 3);
  }

  /**
   * Timers may fire a millisecond before `now()` reaches the due time, so an early wake-up waits
   * again (a few times at most: an injected clock that stands still is moved by `tick()` instead).
   */
  function schedule(decideAt: number, ms: number, retries: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const remaining = decideAt - options.now();
      if (remaining > 0 && retries > 0) schedule(decideAt, Math.min(remaining, options.delayMs), retries - 1);
      else decideDue();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function close(): void {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  }

  return { start, decideDue, close };
}

export type VerificationEngine = ReturnType<typeof createVerificationEngine>;
