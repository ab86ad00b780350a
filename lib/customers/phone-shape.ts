/**
 * What the browser gets in place of libphonenumber-js (next.config.mjs aliases the package for
 * browser bundles only): the shape of an international number, no numbering-plan metadata. The
 * metadata is about 30 KiB compressed that the customer pages would otherwise download before their
 * first paint. The server keeps the real library, so a number of the right shape that no plan
 * allows is still refused there, with a 400 naming `phone_number` that the form shows under the field.
 *
 * Only what lib/customers/contact.ts calls is provided. The number goes on as typed (trimmed): the
 * server's parse turns it into E.164, which a shape check cannot do for every national format.
 */
export function parsePhoneNumberFromString(text: string): { number: string; isValid: () => boolean } | undefined {
  const compact = text.trim().replace(/[\s().-]/g, "");
  if (!/^\+[1-9]\d{6,14}$/.test(compact)) return undefined;
  return { number: text.trim(), isValid: () => true };
}
