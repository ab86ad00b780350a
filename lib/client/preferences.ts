import { getOwnPreferences, updateOwnPreferences } from "../contracts/account";
import type { UpdatePreferencesInput } from "../schemas/preferences";
import { call } from "./call";

export const preferencesApi = {
  get: () => call(getOwnPreferences, {}),
  update: (input: UpdatePreferencesInput) => call(updateOwnPreferences, { body: input }),
};
