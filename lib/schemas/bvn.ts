import { z } from "@/lib/validation/zod";
import { freeText } from "@/lib/validation/text-schemas";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";
import { optText, upstreamText } from "./common";
import { BVN_PATTERN } from "@/lib/validation/bvn-pattern";

/**
 * Eleven digits 0–9. Digits of another script (full-width, Arabic-Indic) are refused, not read as
 * these, and the message says so: "exactly 11 digits" would be untrue of eleven ٢s.
 */
export const bvnNumberSchema = z
  .string({ error: "Enter the BVN." })
  .trim()
  .superRefine((value, ctx) => {
    if (BVN_PATTERN.test(value)) return;
    ctx.addIssue({
      code: "custom",
      message: BVN_PATTERN.test(normalizeDigits(value))
        ? "Type the BVN with the digits 0–9: digits from other scripts are not accepted."
        : "A BVN is exactly 11 digits.",
    });
  });

/** Every field of the record is a string; note the spec's exact key `lga_of_Origin`. */
export const bvnRecordSchema = z.object({
  bvn: upstreamText("code").min(1),
  reference: optText("line"),
  title: optText("code"),
  first_name: optText("line"),
  middle_name: optText("line"),
  last_name: optText("line"),
  gender: optText("code"),
  date_of_birth: optText("code"),
  marital_status: optText("code"),
  nationality: optText("line"),
  email: optText("line"),
  phone_number: optText("line"),
  residential_address: optText("text"),
  state_of_origin: optText("line"),
  state_of_residence: optText("line"),
  lga_of_Origin: optText("line"),
  lga_of_residence: optText("line"),
  enrollment_bank: optText("line"),
  enrollment_branch: optText("line"),
  registration_date: optText("code"),
});
export type BvnRecord = z.infer<typeof bvnRecordSchema>;

/** The fields a lookup answers masked (server/compliance/bvn-mask.ts) and only a reveal shows whole. */
export const BVN_HIDDEN_FIELDS = [
  "bvn",
  "phone_number",
  "email",
  "date_of_birth",
  "residential_address",
] as const satisfies readonly (keyof BvnRecord)[];

/** The purpose or case reference every lookup must carry (it is audited with the lookup and each reveal). */
// Control characters and lone surrogates are refused (400) before anything is sent or stored:
// the purpose goes into the audit trail, which could not hold them.
export const bvnPurposeSchema = freeText("purpose", { min: 3, max: 200 });

/** One schema for the lookup form and the BFF route. */
export const bvnLookupRequestSchema = z
  .object({ number: bvnNumberSchema, purpose: bvnPurposeSchema })
  .refine((v) => !normalizeDigits(v.purpose).replace(/\D/g, "").includes(v.number), {
    // The purpose is stored in the audit trail; the BVN itself must never be.
    message: "Do not put the BVN in the purpose.",
    path: ["purpose"],
  });
export type BvnLookupRequest = z.infer<typeof bvnLookupRequestSchema>;

/** The "was this BVN looked up recently?" check, its own request before a lookup. */
export const bvnRecentRequestSchema = z.object({ number: bvnNumberSchema });

export const bvnLookupIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: "That lookup id is not valid." });
