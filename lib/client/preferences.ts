import { getOwnPreferences, updateOwnPreferences } from "../contracts/account";
import type { UpdatePreferencesInput } from "../contracts/account";
import { call } from "./call";

export const preferencesApi = {
  get: () => call(getOwnPreferences, {}),
  update: (input: UpdatePreferencesInput) => call(updateOwnPreferences, { body: input }),
};
