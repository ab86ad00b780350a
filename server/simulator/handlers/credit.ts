import "server-only";
import { currencyMinorDigits, fromMinorUnits, toMinorUnits } from "@/lib/format/money";
import { z } from "@/lib/validation/zod";
import { param, type Handler } from "@/server/simulator/context";
import { fail, json } from "@/server/simulator/respond";
import { readJsonBody } from "@/server/simulator/request-body";
import type { TransactionRecord } from "@/server/simulator/seed/records";
import { strictObjectError } from "./object-errors";

const text = (label: string) =>
  z
    .string({ error: `Expected the ${label} as a string.` })
    .trim()
    .min(1, { message: `The ${label} is required.` })
    .max(140, { message: `The ${label} is at most 140 characters.` });

/** The spec's body table; every field is required here since the spec does not say which are optional. */
const bodySchema = z.strictObject(
  {
    amount: z.number({ error: "Expected the amount as a number." }).finite().positive({ message: "The amount must be more than zero." }),
    sender: z.strictObject(
      {
        account_name: text("sender account name"),
        account_number: text("sender account number"),
        bank_code: text("sender bank code"),
        bank_name: text("sender bank name"),
        narration: text("narration"),
        reference: text("sender reference"),
      },
      strictObjectError,
    ),
  },
  strictObjectError,
);

/**
 * The amount in the account's minor units, or null when it has more decimals than the currency
 * has (a sandbox currency it does not know is taken as two). Shifted in the string form, so 0.29
 * is 29 cents, not 28.999….
 */
function minorOf(amount: number, digits: number): number | null {
  const minor = toMinorUnits(amount, digits);
  return fromMinorUnits(minor, digits) === amount ? minor : null;
}

/**
 * `POST /checkouts/{accountNo}/credit` (sandbox only, endpoint rule 5): credits the collection
 * account with that account number and records the incoming transfer as a transaction.
 */
export const postCredit: Handler = async (ctx) => {
  if (ctx.config.environment !== "sandbox") {
    throw fail.general(403, "Credit simulation is available in the sandbox only.", {});
  }
  const accountNo = param(ctx, "accountNo");
  const { amount, sender } = await readJsonBody(ctx.request, bodySchema);
  const collection = [...ctx.state.collections.values()].find((c) => c.account_number === accountNo);
  if (!collection) throw fail.general(404, `No collection account has the account number ${accountNo}.`, { accountNo });

  const digits = currencyMinorDigits(collection.currency) ?? 2;
  const minor = minorOf(amount, digits);
  if (minor === null) {
    const message =
      digits === 0 ? `${collection.currency} has no minor unit: send a whole amount.` : `Use at most ${digits} decimal places.`;
    throw fail.general(400, "The request body is invalid.", { amount: message });
  }
  const add = (balance: number) => fromMinorUnits(toMinorUnits(balance, digits) + minor, digits);

  const nowIso = new Date(ctx.now()).toISOString();
  const n = ++ctx.state.counters.credit;
  const stamp = nowIso.slice(0, 10).replaceAll("-", "");
  const reference = `SIM-CR-${stamp}-${String(n).padStart(4, "0")}`;
  collection.balance = add(collection.balance);
  collection.total_received = add(collection.total_received);
  collection.updated_at = nowIso;

  const transaction: TransactionRecord = {
    id: `txn_sim_${String(n).padStart(6, "0")}`,
    reference,
    account_name: sender.account_name,
    account_number: sender.account_number,
    bank_code: sender.bank_code,
    bank_name: sender.bank_name,
    amount,
    charges: 0,
    fiat_rate: 1,
    currency: collection.currency,
    category: "COLLECTION",
    type: "CREDIT",
    status: "SUCCESS",
    payment_method: "BANK_TRANSFER",
    detail: sender.narration,
    imad: `${stamp}SIMCR${String(n).padStart(8, "0")}`,
    session_id: `sim_ses_${stamp}_${String(n).padStart(6, "0")}`,
    trace_number: sender.reference,
    report: false,
    report_message: "",
    created_at: nowIso,
    updated_at: nowIso,
  };
  ctx.state.transactions.set(transaction.id, transaction);
  return json(200, {
    id: transaction.id,
    message: `Credited ${amount} ${collection.currency} to ${collection.account_number}.`,
    reference,
  });
};
