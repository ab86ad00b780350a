import "server-only";
import { EMPTY, maskEmail, maskPhone, maskTail } from "@/lib/format";
import type { BvnRecord } from "@/lib/schemas/bvn";

const HIDDEN = "•".repeat(7);

/** A masker that keeps "missing" as null, so a masked missing value still reads as "—". */
function keepMissing(mask: (value: string) => string) {
  return (value: string | null): string | null => {
    if (value === null || value.trim() === "") return null;
    const masked = mask(value);
    return masked === EMPTY ? null : masked;
  };
}

/**
 * The record as it leaves the server by default: BVN to its last four digits; phone, email, date
 * of birth and residential address masked. Done here, not in the browser, so the full values are
 * never in a response the staff member did not ask to reveal.
 */
export function maskBvnRecord(record: BvnRecord): BvnRecord {
  return {
    ...record,
    bvn: maskTail(record.bvn, 4),
    phone_number: keepMissing(maskPhone)(record.phone_number),
    email: keepMissing(maskEmail)(record.email),
    date_of_birth: keepMissing(() => HIDDEN)(record.date_of_birth),
    residential_address: keepMissing(() => HIDDEN)(record.residential_address),
  };
}
