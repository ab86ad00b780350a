import { changedPasswordSchema, resetPasswordSchema, type ChangePasswordInput } from "../schemas/password";
import { bffFetch } from "../client/fetcher";

export const passwordApi = {
  changeOwn: (input: ChangePasswordInput) => bffFetch("/api/account/password", changedPasswordSchema, { method: "POST", body: input }),
  resetFor: (staffId: string) => bffFetch(`/api/staff/${encodeURIComponent(staffId)}/password/reset`, resetPasswordSchema, { method: "POST" }),
};
