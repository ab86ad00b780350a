import "server-only";
import { z } from "@/lib/validation/zod";
import type { Handler } from "@/server/simulator/context";
import { fail, json } from "@/server/simulator/respond";
import { readJsonBody } from "@/server/simulator/request-body";
import { BVN_RECORDS } from "@/server/simulator/seed/bvn";
import { strictObjectError } from "./object-errors";

const bodySchema = z.strictObject(
  { number: z.string({ error: "Expected the BVN as a string." }).regex(/^\d{11}$/, { message: "A BVN is exactly 11 digits." }) },
  strictObjectError,
);

/** `POST /identity/bvn`. The number is not echoed in errors: a BVN is personal data. */
export const postBvn: Handler = async (ctx) => {
  const { number } = await readJsonBody(ctx.request, bodySchema);
  const record = BVN_RECORDS[number];
  if (!record) throw fail.general(404, "No identity record matches this BVN.", {});
  return json(200, record);
};
