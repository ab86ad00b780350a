import "server-only";
import { z } from "@/lib/validation/zod";
import { param, type Handler } from "@/server/simulator/context";
import { json } from "@/server/simulator/respond";
import { readJsonBody } from "@/server/simulator/request-body";
import { requireCustomer } from "@/server/simulator/verification";
import { strictObjectError } from "./object-errors";

/**
 * Assumed formats (the spec shows none): E.164 phone numbers and a plain email address. Stricter
 * than most real APIs on purpose, so a client sending national formats finds out here.
 */
const bodySchema = z
  .strictObject(
    {
      phone_number: z
        .string({ error: "Expected the phone number as a string." })
        .regex(/^\+[1-9]\d{7,14}$/, { message: "Use the international E.164 format, e.g. +2348031234567." })
        .optional(),
      email: z
        .string({ error: "Expected the email as a string." })
        .max(254)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: "Enter a valid email address." })
        .optional(),
    },
    strictObjectError,
  )
  .refine((v) => v.phone_number !== undefined || v.email !== undefined, {
    message: "Send phone_number, email or both.",
    path: ["phone_number"],
  });

/**
 * `POST /customers/{id}/update`. Contact details are not the KYC the verification checked (identity
 * document, residential address), so an update leaves the verification as it was; in particular a
 * pending one is reused, never restarted (spec: details must not be changed to force a new attempt).
 */
export const postCustomerUpdate: Handler = async (ctx) => {
  const customer = requireCustomer(ctx.state, param(ctx, "id"), ctx.businessId);
  const body = await readJsonBody(ctx.request, bodySchema);
  if (body.phone_number !== undefined) customer.phone_number = body.phone_number;
  if (body.email !== undefined) customer.email = body.email;
  customer.updated_at = new Date(ctx.now()).toISOString();
  return json(200, { message: "Customer updated successfully." });
};
