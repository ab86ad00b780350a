/** A BVN: exactly 11 digits. Apart from the schemas, so the lookup page can check a number as it is typed without them. */
export const BVN_PATTERN = /^\d{11}$/;
