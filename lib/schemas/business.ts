import { z } from "@/lib/validation/zod";
import { id, optDateTime, optString } from "./common";

export const businessSchema = z.object({
  id,
  name: optString,
  slug: optString,
  type: optString,
  status: optString,
  activity_status: optString,
  address: optString,
  country: optString,
  email: optString,
  logo: optString,
  created_at: optDateTime,
  updated_at: optDateTime,
});
export type Business = z.infer<typeof businessSchema>;
