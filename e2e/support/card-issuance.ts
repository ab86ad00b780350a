import type { APIRequestContext } from "@playwright/test";

/**
 * The body of a confirmed "another card" request for a customer: it names the newest issuance, as
 * the page does after its warning (a confirmation that names none is warned again). Without an
 * earlier card it is a plain first request.
 */
export async function confirmedCardRequest(request: APIRequestContext, customerId: string): Promise<Record<string, unknown>> {
  const res = await request.get(`/api/v1/customers/${encodeURIComponent(customerId)}/cards`);
  if (!res.ok()) throw new Error(`issued cards of ${customerId}: ${res.status()}`);
  const newest = ((await res.json()) as { cards: { id: number }[] }).cards[0];
  return newest ? { customer_id: customerId, confirm_additional: true, acknowledged_issuance_id: newest.id } : { customer_id: customerId };
}
