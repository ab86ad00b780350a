import { preferencesSchema, type UpdatePreferencesInput } from "../schemas/preferences";
import { bffFetch } from "./fetcher";

export const preferencesApi = {
  get: () => bffFetch("/api/account/preferences", preferencesSchema),
  update: (input: UpdatePreferencesInput) => bffFetch("/api/account/preferences", preferencesSchema, { method: "PATCH", body: input }),
};
