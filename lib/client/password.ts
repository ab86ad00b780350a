import { changeOwnPassword } from "@/lib/contracts/endpoints/account";
import { resetStaffPassword } from "@/lib/contracts/endpoints/staff";
import type { ChangePasswordInput } from "@/lib/contracts/account";
import { call } from "./call";

export const passwordApi = {
  changeOwn: (input: ChangePasswordInput) => call(changeOwnPassword, { body: input }),
  resetFor: (staffId: string) => call(resetStaffPassword, { params: { id: staffId } }),
};
