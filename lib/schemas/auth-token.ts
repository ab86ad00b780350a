import { z } from "@/lib/validation/zod";

export const accessTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token: z
    .object({
      expires_at: z.number().finite().nullish(),
      issued_at: z.number().finite().nullish(),
      type: z.string().nullish(),
    })
    .nullish(),
});
