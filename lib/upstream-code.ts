/**
 * The shape an upstream code must have to be passed on (a code of our own choosing: no text of theirs).
 * A file of its own so the browser's check of the envelope can use it without the server's schemas.
 */
export const UPSTREAM_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
