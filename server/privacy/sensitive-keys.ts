import "server-only";

/**
 * The one list of sensitive keys, used by the logger, the audit writer, the webhook log and the BVN
 * view alike. These are the best-known secret names; isSecretKey also takes any spelling of a name
 * that says secret, password, token, API key, authorization or cookie. Secrets are never kept, not
 * even masked: a masked password hash still tells an attacker which scheme and parameters to crack.
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
  "api_key",
  "client_secret",
  "cvv",
  "cvc",
  "security_code",
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

const personalKeys = new Set<string>(PERSONAL_KEYS);

/** "API-Key", "api_key" and "apiKey" are one name: case and separators do not change what a key holds. */
const normalized = (key: string): string => key.toLowerCase().replace(/[\s_.-]/g, "");

/**
 * Secrets by name, since a sender or a colleague will always invent one more spelling. A card's
 * PIN (or its encrypted block) is a secret too. `pin` is read only as the whole name, with at most
 * "card" before and "block", "code" or "number" after: inside a word it is "pinned", "shipping" or
 * "spinner".
 */
const SECRET_NAME = /apikey|privatekey|secret|passw(or)?d|token|authorization|cookie|securitycode|^(card)?pin(block|code|number)?$/;

/**
 * A card's security code (a CVV) is a secret: 3–4 digits cannot be recognised by value, and card
 * rules forbid keeping it after authorisation, masked or not. Senders name it in many ways
 * ("cvv_number", "cvvCode", "cardCSC"), so its abbreviations are looked for anywhere inside each
 * word of the name, not across two: "specSchema" and "topicScope" hold "csc" only across words.
 */
const CARD_CODE = /cvv|cvc|csc|cvn/;

/** The words of a name written in camelCase, snake_case, kebab-case or with dots, lower-cased. */
const wordsOf = (key: string): string[] =>
  key
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .split(/[\s_.-]+/);

/**
 * Names that match the pattern but hold no secret, as the audit trail records them (booleans):
 * dropping them would hide what happened. A personal key (`token`, a bill's electricity token) is
 * masked under its own rule instead.
 */
const NOT_SECRET = new Set(["hadtoken", "hastoken", "generatedpassword", "mustchangepassword"]);

const secretKeys = new Set<string>(SECRET_KEYS.map(normalized));

export const isSecretKey = (key: string): boolean => {
  const name = normalized(key);
  if (NOT_SECRET.has(name) || personalKeys.has(key)) return false;
  if (secretKeys.has(name) || SECRET_NAME.test(name)) return true;
  // Every key of every log line passes here: only a name holding the letters at all is split into words.
  return CARD_CODE.test(name) && wordsOf(key).some((word) => CARD_CODE.test(word));
};
export const isPersonalKey = (key: string): key is PersonalKey => personalKeys.has(key);

/** Other names for a personal key: a card number under any of these keeps its last four, like `number`. */
const PERSONAL_ALIASES = new Map<string, PersonalKey>([
  ["cardnumber", "number"],
  ["pan", "number"],
  ["primaryaccountnumber", "number"],
]);

/** The personal key whose mask applies to `key` (itself, or the one it is another name for); null for any other key. */
export const personalKeyOf = (key: string): PersonalKey | null =>
  isPersonalKey(key) ? key : (PERSONAL_ALIASES.get(normalized(key)) ?? null);
