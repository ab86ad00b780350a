import "server-only";
import { SEED, SEED_REFERENCE_DATE } from "./ids";
import { LONG_MERCHANTS, MERCHANTS, REPORT_MESSAGES } from "./merchants";
import { hashString, SeededRandom } from "./random";
import type { CardTransactionRecord } from "./records";

const REFERENCE_MS = Date.parse(SEED_REFERENCE_DATE);
/** Transactions are spread over the six months before the reference date, newest first. */
const SPAN_MS = 183 * 24 * 3_600_000;
const STATUSES = [
  { value: "SUCCESS", weight: 86 },
  { value: "FAILED", weight: 6 },
  { value: "REVERSED", weight: 4 },
  { value: "PENDING", weight: 4 },
] as const;
const ALPHANUM = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** A stable merchant id (MID) per merchant, computed once rather than per transaction. */
const MERCHANT_MIDS = new Map(
  [...MERCHANTS, ...LONG_MERCHANTS].map((m) => [
    m,
    String(hashString(m.name)).padStart(10, "0") + String(hashString(m.city) % 100_000).padStart(5, "0"),
  ]),
);

/** Cards whose transactions are generated, and how many each has; null for an unknown card. */
export function generatedCardSize(cardId: string): number | null {
  if (cardId === SEED.cards.busy) return SEED.busyCardTransactionCount;
  if (cardId === SEED.cards.empty) return 0;
  if (cardId === SEED.cards.long) return SEED.longCardTransactionCount;
  const n = /^card_synth_(0|[1-9]\d{0,5})$/.exec(cardId)?.[1];
  if (n === undefined) return null;
  const size = Number(n);
  return size <= SEED.cards.synthMax ? size : null;
}

export function cardTransactionId(cardId: string, index: number): string {
  return `ctx_${cardId.replace(/^card_/, "")}_${String(index).padStart(6, "0")}`;
}

/** The index encoded in a transaction id of this card, or null when the id is not one of its. */
export function cardTransactionIndex(cardId: string, transactionId: string, size: number): number | null {
  const prefix = `ctx_${cardId.replace(/^card_/, "")}_`;
  if (!transactionId.startsWith(prefix)) return null;
  const digits = transactionId.slice(prefix.length);
  if (!/^\d{6}$/.test(digits)) return null;
  const index = Number(digits);
  return index < size ? index : null;
}

/**
 * Transaction `index` of a card of `size` transactions, from a seed derived from both: any single
 * transaction can be regenerated without building the list, and every run yields the same data.
 */
export function generateCardTransaction(cardId: string, index: number, size: number): CardTransactionRecord {
  const random = new SeededRandom(hashString(cardId) ^ Math.imul(index + 1, 0x9e3779b1));
  const merchant = random.weighted(cardId === SEED.cards.long ? LONG_MERCHANTS : MERCHANTS);
  const isRefund = random.next() < 0.07;
  let status: string = random.weighted(STATUSES).value;
  // Only the most recent few can still be pending.
  if (status === "PENDING" && index >= Math.max(5, size * 0.01)) status = "SUCCESS";
  const amount = round2(merchant.min + random.next() * (merchant.max - merchant.min));
  const crossBorder = merchant.currency !== "USD";
  const isAtm = merchant.mcc === "6011";
  const charges = isRefund ? 0 : crossBorder ? round2(amount * 0.01) : isAtm ? 2.5 : 0;
  const createdMs = REFERENCE_MS - Math.floor(((index + random.next()) * SPAN_MS) / Math.max(size, 1)) - 60_000;
  const settleMs =
    status === "PENDING"
      ? 0
      : status === "FAILED"
        ? random.int(1, 20) * 1000
        : status === "REVERSED"
          ? random.int(1, 5) * 86_400_000
          : random.int(1, 180) * 60_000;
  const reported = random.next() < 0.004;
  let reference = "CTX";
  for (let i = 0; i < 12; i++) reference += ALPHANUM[Math.floor(random.next() * ALPHANUM.length)];
  return {
    id: cardTransactionId(cardId, index),
    reference,
    amount,
    charges,
    currency: merchant.currency,
    category: isRefund ? "REFUND" : isAtm ? "ATM_WITHDRAWAL" : "PURCHASE",
    type: isRefund ? "CREDIT" : "DEBIT",
    status,
    description: `${isRefund ? "REFUND " : ""}${merchant.name} ${merchant.city.toUpperCase()} ${merchant.country}`,
    merchant_name: merchant.name,
    merchant_city: merchant.city,
    merchant_state: merchant.state,
    merchant_country: merchant.country,
    merchant_postal_code: merchant.postal,
    merchant_mcc: merchant.mcc,
    merchant_mid: MERCHANT_MIDS.get(merchant)!,
    report: reported,
    report_message: reported ? random.pick(REPORT_MESSAGES) : "",
    created_at: new Date(createdMs).toISOString(),
    updated_at: new Date(Math.min(createdMs + settleMs, REFERENCE_MS)).toISOString(),
  };
}

export function generateCardTransactions(cardId: string, size: number): CardTransactionRecord[] {
  const list = new Array<CardTransactionRecord>(size);
  for (let i = 0; i < size; i++) list[i] = generateCardTransaction(cardId, i, size);
  return list;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
