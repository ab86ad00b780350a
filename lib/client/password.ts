import { changeOwnPassword } from "../contracts/account";
import { resetStaffPassword } from "../contracts/staff";
import type { ChangePasswordInput } from "../contracts/account";
import { call } from "./call";

export const passwordApi = {
  changeOwn: (input: ChangePasswordInput) => call(changeOwnPassword, { body: input }),
  resetFor: (staffId: string) => call(resetStaffPassword, { params: { id: staffId } }),
};
