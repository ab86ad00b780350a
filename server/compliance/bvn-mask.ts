import "server-only";
import type { BVN_HIDDEN_FIELDS, BvnRecord } from "@/lib/schemas/bvn";
import { EMPTY, maskPersonal } from "@/server/privacy";

type MaskedField = Exclude<(typeof BVN_HIDDEN_FIELDS)[number], "bvn">;

/** Masks a field that may be missing; "missing" stays null, so a masked missing value still reads as "—". */
function maskOptional(key: MaskedField, value: string | null): string | null {
  if (value === null || value.trim() === "") return null;
  const masked = maskPersonal(key, value);
  return masked === EMPTY ? null : masked;
}

/**
 * The record as it leaves the server by default: BVN to its last four digits; phone, email, date
 * of birth and residential address masked (the rules of server/privacy). Done here, not in the
 * browser, so the full values are never in a response the staff member did not ask to reveal.
 */
export function maskBvnRecord(record: BvnRecord): BvnRecord {
  return {
    ...record,
    bvn: maskPersonal("bvn", record.bvn),
    phone_number: maskOptional("phone_number", record.phone_number),
    email: maskOptional("email", record.email),
    date_of_birth: maskOptional("date_of_birth", record.date_of_birth),
    residential_address: maskOptional("residential_address", record.residential_address),
  };
}
