import { z } from "@/lib/validation/zod";
import { freeText, plainText } from "@/lib/validation/text-schemas";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";
import { id, optText } from "./common";

export const creditSimulationResponseSchema = z.object({
  id,
  message: optText("text"),
  reference: optText("line"),
});
export type CreditSimulationResponse = z.infer<typeof creditSimulationResponseSchema>;

/** Assumption (bounds not shown by the spec): amounts are major units, positive, at most 1,000,000. */
export const CREDIT_MAX_AMOUNT = 1_000_000;
const MAX_CENTS = CREDIT_MAX_AMOUNT * 100;

// Digits with optional thousands separators ("1,000") and at most two decimals. No sign, no
// exponent, no NaN/Infinity: the text is read as a decimal, never through parseFloat.
const AMOUNT_PATTERN = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;
const TOO_MANY_DECIMALS = /^[\d,]*\.\d{3,}$/;
/**
 * A decimal comma, as an iPhone's decimal keypad types it in a comma-decimal region (it has no "."):
 * one comma, then one or two digits at the end, and no dot. A thousands group always has three
 * digits, so "1,500" stays one thousand five hundred; "1,5" and "12,50" are 1.50 and 12.50.
 */
const DECIMAL_COMMA = /^\d+,\d{1,2}$/;

/**
 * "Digits only" would be untrue of "١٠٠" or "１００": they are digits, of another script. Refused (the
 * upstream reads ASCII) with a sentence that says why, as the BVN's schema does.
 */
const OTHER_SCRIPT_DIGITS = (what: string) => `Type the ${what} with the digits 0–9: digits from other scripts are not accepted.`;

export type AmountParse = { ok: true; cents: number } | { ok: false; message: string };

/** "1,000.50" → 100050 cents, "12,50" → 1250. The one reading of an amount, shared by the form and the route. */
export function amountToCents(input: string): AmountParse {
  const trimmed = input.trim();
  const text = DECIMAL_COMMA.test(trimmed) ? trimmed.replace(",", ".") : trimmed;
  if (text === "") return { ok: false, message: "Enter an amount." };
  if (text.startsWith("-")) return { ok: false, message: "The amount must be more than zero." };
  if (TOO_MANY_DECIMALS.test(text)) return { ok: false, message: "Use at most two decimal places." };
  if (text.length > 16 || !AMOUNT_PATTERN.test(text))
    return {
      ok: false,
      message: [AMOUNT_PATTERN, DECIMAL_COMMA].some((pattern) => pattern.test(normalizeDigits(text)))
        ? OTHER_SCRIPT_DIGITS("amount")
        : "Enter the amount as digits with at most two decimals, for example 1,000.50.",
    };
  const [whole = "", fraction = ""] = text.replaceAll(",", "").split(".");
  const digits = whole.replace(/^0+(?=\d)/, "");
  if (digits.length > 7) return { ok: false, message: `The amount is at most ${CREDIT_MAX_AMOUNT.toLocaleString("en-US")}.` };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents <= 0) return { ok: false, message: "The amount must be more than zero." };
  if (cents > MAX_CENTS) return { ok: false, message: `The amount is at most ${CREDIT_MAX_AMOUNT.toLocaleString("en-US")}.` };
  return { ok: true, cents };
}

/**
 * A decimal string (what the form sends), or a JSON number judged by its shortest decimal form:
 * 10.5 passes, 5e-324 and 1e21 do not (their form has an exponent). The result is the number sent
 * upstream, rebuilt from whole cents.
 */
const amountSchema = z.union([z.string(), z.number()], { error: "Enter an amount." }).transform((value, ctx) => {
  const parsed = amountToCents(typeof value === "number" ? String(value) : value);
  if (!parsed.ok) {
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }
  return parsed.cents / 100;
});

const pattern = (regex: RegExp, message: string) => z.string().regex(regex, { message });

export const creditSimulationRequestSchema = z.object({
  amount: amountSchema,
  sender: z.object({
    account_name: freeText("sender account name", { max: 100 }),
    account_number: plainText("sender account number", { max: 20 }).superRefine((value, ctx) => {
      if (/^\d+$/.test(value)) return;
      const message = /^\d+$/.test(normalizeDigits(value))
        ? OTHER_SCRIPT_DIGITS("sender account number")
        : "The sender account number is digits only.";
      ctx.addIssue({ code: "custom", message });
    }),
    bank_code: plainText("sender bank code", { max: 20 }).pipe(pattern(/^[A-Za-z0-9]+$/, "The bank code is letters and digits only.")),
    bank_name: freeText("sender bank name", { max: 100 }),
    narration: freeText("narration", { max: 140 }),
    reference: plainText("reference", { max: 64 }).pipe(pattern(/^[A-Za-z0-9_-]+$/, "The reference is letters, digits, '-' and '_' only.")),
  }),
});
export type CreditSimulationRequest = z.infer<typeof creditSimulationRequestSchema>;
