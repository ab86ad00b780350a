/**
 * The shape an upstream code must have to be passed on (a code of our own choosing: no text of theirs).
 * A file of its own so the browser's check of the envelope can use it without the server's schemas.
 * At most six digits in all: a real code needs no more, and a card number or BVN split by "_"
 * ("CARD_4111_1111_1111_1111") must not ride in it to the browser.
 */
export const UPSTREAM_CODE_PATTERN = /^(?!(?:\D*\d){7})[A-Za-z][A-Za-z0-9_]{0,63}$/;
