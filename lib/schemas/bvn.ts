import { z } from "zod";
import { optString } from "./common";

export const bvnNumberSchema = z
  .string({ error: "Enter the BVN." })
  .trim()
  .regex(/^\d{11}$/, { message: "A BVN is exactly 11 digits." });

/** Every field of the record is a string; note the spec's exact key `lga_of_Origin`. */
export const bvnRecordSchema = z.object({
  bvn: z.string().min(1),
  reference: optString,
  title: optString,
  first_name: optString,
  middle_name: optString,
  last_name: optString,
  gender: optString,
  date_of_birth: optString,
  marital_status: optString,
  nationality: optString,
  email: optString,
  phone_number: optString,
  residential_address: optString,
  state_of_origin: optString,
  state_of_residence: optString,
  lga_of_Origin: optString,
  lga_of_residence: optString,
  enrollment_bank: optString,
  enrollment_branch: optString,
  registration_date: optString,
});
export type BvnRecord = z.infer<typeof bvnRecordSchema>;

/** What the upstream receives: `POST /identity/bvn` with `{ number }`. */
export const bvnUpstreamRequestSchema = z.object({ number: bvnNumberSchema });
