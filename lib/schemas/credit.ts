import { z } from "@/lib/validation/zod";
import { freeText, plainText } from "@/lib/validation/text-schemas";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";
import { OTHER_SCRIPT_DIGITS, readCreditAmount } from "@/lib/finance/credit-amount";
import { PATH_PARAM_MESSAGE, PATH_PARAM_PATTERN } from "@/lib/path-params";
import { id, optText } from "./common";

export const creditSimulationResponseSchema = z.object({
  id,
  message: optText("text"),
  reference: optText("line"),
});
export type CreditSimulationResponse = z.infer<typeof creditSimulationResponseSchema>;

/**
 * The request names the account's currency as the form was shown it, so that one schema reads the
 * amount in the browser and in the route; the route then checks the claim against the account
 * itself (server/finance/credit.ts) before anything is sent.
 */
const REQUEST_OUTDATED = "Reload the account's page and enter the credit again: this request does not say";
const currencySchema = z
  .string({ error: `${REQUEST_OUTDATED} the account's currency.` })
  .trim()
  .regex(/^[A-Za-z]{3}$/, { message: "The account's currency is not a three-letter code, so an amount for it cannot be read." })
  .nullable();
const collectionIdSchema = z
  .string({ error: `${REQUEST_OUTDATED} which collection account it is for.` })
  .regex(PATH_PARAM_PATTERN, { message: PATH_PARAM_MESSAGE });

/** A decimal string (what the form sends), or a JSON number judged by its shortest decimal form: 10.5 passes, 1e21 does not. */
const amountSchema = z.union([z.string(), z.number()], { error: "Enter an amount." });
const readAmount = ({ amount, currency }: { amount: string | number; currency: string | null }) =>
  readCreditAmount(typeof amount === "number" ? String(amount) : amount, currency);

const pattern = (regex: RegExp, message: string) => z.string().regex(regex, { message });

const requestShape = z.object({
  amount: amountSchema,
  currency: currencySchema,
  collection_id: collectionIdSchema,
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

/**
 * The credit form's and the route's request: the amount read with exactly the minor digits of the
 * currency named beside it (lib/finance/credit-amount.ts), and out as the number sent upstream.
 * Checked as a refinement, so a wrong amount is named together with a wrong sender field.
 */
export const creditSimulationRequestSchema = requestShape
  .superRefine((request, ctx) => {
    const read = readAmount(request);
    if (!read.ok) ctx.addIssue({ code: "custom", path: ["amount"], message: read.message });
  })
  .transform((request, ctx) => {
    const read = readAmount(request);
    if (read.ok) return { ...request, amount: read.amount };
    ctx.addIssue({ code: "custom", path: ["amount"], message: read.message });
    return z.NEVER;
  });
export type CreditSimulationRequest = z.infer<typeof creditSimulationRequestSchema>;

/** What the payments API is sent: the spec's body, without the account's currency and collection id. */
export type CreditUpstreamBody = Pick<CreditSimulationRequest, "amount" | "sender">;
