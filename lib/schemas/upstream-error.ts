import { z } from "@/lib/validation/zod";

/** The general error shape of every endpoint. */
export const generalErrorSchema = z.object({
  message: z.string(),
  values: z.record(z.string(), z.unknown()).nullish(),
});

/** The typed error of the card-verification endpoints. */
export const verificationErrorSchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  field: z.string().nullish(),
});
