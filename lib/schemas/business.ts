import { z } from "@/lib/validation/zod";
import { id, optDateTime, optText } from "./common";

export const businessSchema = z.object({
  id,
  name: optText("line"),
  slug: optText("line"),
  type: optText("code"),
  status: optText("code"),
  activity_status: optText("code"),
  address: optText("text"),
  country: optText("code"),
  email: optText("line"),
  logo: optText("url"),
  created_at: optDateTime,
  updated_at: optDateTime,
});
export type Business = z.infer<typeof businessSchema>;
