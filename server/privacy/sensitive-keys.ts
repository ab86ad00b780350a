import "server-only";

/**
 * The one list of sensitive keys, used by the logger, the audit writer and the BVN view alike.
 * Secrets are never kept, not even masked: a masked password hash still tells an attacker which
 * scheme and parameters to crack.
 */
export const SECRET_KEYS = [
  "password",
  "passwordHash",
  "password_hash",
  "secret",
  "secretKey",
  "secret_key",
  "access_token",
  "accessToken",
  "refresh_token",
  "authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
] as const;

/**
 * Personal data and account identifiers: kept only masked (the tail staff need to match what a
 * customer reads out). `number` is a card or account number; `token` a bill's electricity token.
 */
export const PERSONAL_KEYS = [
  "bvn",
  "number",
  "account_number",
  "accountNumber",
  "token",
  "email",
  "phone",
  "phone_number",
  "date_of_birth",
  "residential_address",
] as const;

/**
 * Whole payloads that may carry any of the above under a name we cannot foresee: a logger never
 * writes them (the audit writer stores only the detail it is given, key by key).
 */
export const PAYLOAD_KEYS = ["body", "params", "query", "detail"] as const;

export type PersonalKey = (typeof PERSONAL_KEYS)[number];

const secretKeys = new Set<string>(SECRET_KEYS.map((k) => k.toLowerCase()));
const personalKeys = new Set<string>(PERSONAL_KEYS);

export const isSecretKey = (key: string): boolean => secretKeys.has(key.toLowerCase());
export const isPersonalKey = (key: string): key is PersonalKey => personalKeys.has(key);
