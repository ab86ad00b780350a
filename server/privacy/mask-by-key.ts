import "server-only";
import { EMPTY } from "@/lib/format/empty";
import { maskEmail, maskPhone, maskTail } from "./masks";
import type { PersonalKey } from "./sensitive-keys";

/** Hidden entirely: a date of birth or an address has no part that is safe to show. */
export const maskWhole = (value: string | null | undefined): string => (value?.trim() ? maskTail(value, 0) : EMPTY);

const RULES: Record<PersonalKey, (value: string) => string> = {
  bvn: (v) => maskTail(v, 4),
  number: (v) => maskTail(v, 4),
  account_number: (v) => maskTail(v, 4),
  accountNumber: (v) => maskTail(v, 4),
  token: (v) => maskTail(v, 4),
  email: maskEmail,
  phone: maskPhone,
  phone_number: maskPhone,
  date_of_birth: maskWhole,
  residential_address: maskWhole,
};

/** The masked form of a personal value under its key, as the logs, the audit trail and the BVN view show it. */
export function maskPersonal(key: PersonalKey, value: string): string {
  return RULES[key](value);
}
