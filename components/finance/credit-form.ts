import type { CreditRequest } from "@/lib/client/finance";
import { creditAmountText, minorUnitOf, readCreditAmount } from "@/lib/finance/credit-amount";
import { freshReference } from "@/lib/finance/reference";

/**
 * The credit form's values and how they become the request (credit-dialog-body.tsx): kept apart
 * from the dialog so that what is sent, and what the confirmation says was sent, can be tested.
 */
export type CreditForm = {
  amount: string;
  account_name: string;
  account_number: string;
  bank_code: string;
  bank_name: string;
  narration: string;
  reference: string;
};

/** The account being credited, as its page read it. */
export type CreditAccount = { collectionId: string; currency: string | null };

export const blankCredit = (): CreditForm => ({
  amount: "",
  account_name: "",
  account_number: "",
  bank_code: "",
  bank_name: "",
  narration: "",
  reference: freshReference(),
});

// Named as the request body names them, which is how the server's 400 names them too.
export const CREDIT_FIELDS = [
  "amount",
  "sender.account_name",
  "sender.account_number",
  "sender.bank_code",
  "sender.bank_name",
  "sender.narration",
  "sender.reference",
] as const;

/**
 * The text as typed ("1,000.50"), read by the shared schema with the minor digits of the account's
 * currency, never through Number(). The currency and the collection go with it: the route reads
 * the amount in the same currency, and checks that it is the account's.
 */
export const creditInput =
  ({ collectionId, currency }: CreditAccount) =>
  ({ reference, narration, amount, ...sender }: CreditForm): CreditRequest => ({
    amount,
    currency,
    collection_id: collectionId,
    sender: { ...sender, narration, reference },
  });

/** A credit sent, as the form that sends it again: the amount as the number that was sent. */
export const creditFormOf = ({ amount, sender }: CreditRequest): CreditForm => ({
  amount: String(amount),
  account_name: sender.account_name,
  account_number: sender.account_number,
  bank_code: sender.bank_code,
  bank_name: sender.bank_name,
  narration: sender.narration,
  reference: sender.reference,
});

/**
 * What a credit made says was credited ("1,000.50 USD", "1,000 JPY"), read from the request that
 * was sent, in its digits: the upstream's message prints the amount as a bare number ("1000.5 USD").
 */
export function creditedText({ amount, currency }: CreditRequest): string {
  const read = readCreditAmount(String(amount), currency);
  return read.ok ? creditAmountText(read, currency) : "";
}

/** Under the amount field, when the account's currency does not take two decimals. */
export function creditAmountHint(currency: string | null): string | undefined {
  const { code, digits, known } = minorUnitOf(currency);
  if (code === null) return "Whole amounts only: the account has no currency on record.";
  if (!known) return `Whole amounts only: the minor unit of ${code} is not known here.`;
  if (digits === 0) return `Whole amounts only: ${code} has no minor unit.`;
  return digits === 2 ? undefined : `Up to ${digits} decimal place${digits === 1 ? "" : "s"} for ${code}.`;
}
