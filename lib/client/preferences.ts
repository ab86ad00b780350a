import { getOwnPreferences, updateOwnPreferences } from "@/lib/contracts/endpoints/account";
import type { UpdatePreferencesInput } from "@/lib/contracts/account";
import { call } from "./call";

export const preferencesApi = {
  get: () => call(getOwnPreferences, {}),
  update: (input: UpdatePreferencesInput) => call(updateOwnPreferences, { body: input }),
};
