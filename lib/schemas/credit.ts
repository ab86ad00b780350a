import { z } from "zod";
import { hasUnsafeCharacters, unsafeTextMessage } from "../validation/plain-text";
import { optString } from "./common";

export const creditSimulationResponseSchema = z.object({
  id: z.string().min(1),
  message: optString,
  reference: optString,
});
export type CreditSimulationResponse = z.infer<typeof creditSimulationResponseSchema>;

/** Assumption (bounds not shown by the spec): amounts are major units, positive, at most 1,000,000. */
export const CREDIT_MAX_AMOUNT = 1_000_000;

// Control characters and lone surrogates are refused here, before anything is sent upstream.
const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .refine((v) => !hasUnsafeCharacters(v), { message: unsafeTextMessage(label), abort: true })
    .trim()
    .min(1, { message: `Enter the ${label}.` })
    .max(max, { message: `The ${label} is at most ${max} characters.` });

export const creditSimulationRequestSchema = z.object({
  amount: z
    .number({ error: "Enter an amount." })
    .finite()
    .positive({ message: "The amount must be more than zero." })
    .max(CREDIT_MAX_AMOUNT, { message: `The amount is at most ${CREDIT_MAX_AMOUNT.toLocaleString("en-US")}.` })
        // Compared with a tolerance: 0.29 * 100 is 28.999999999999996 in floating point.
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: "Use at most two decimal places." }),
  sender: z.object({
    account_name: text("sender account name", 100),
    account_number: text("sender account number", 20).regex(/^\d+$/, { message: "The sender account number is digits only." }),
    bank_code: text("sender bank code", 20).regex(/^[A-Za-z0-9]+$/, { message: "The bank code is letters and digits only." }),
    bank_name: text("sender bank name", 100),
    narration: text("narration", 140),
    reference: text("reference", 64).regex(/^[A-Za-z0-9_-]+$/, { message: "The reference is letters, digits, '-' and '_' only." }),
  }),
});
export type CreditSimulationRequest = z.infer<typeof creditSimulationRequestSchema>;
