import { expect } from "vitest";
import { cardWindowSchema, type CardWindow } from "@/lib/finance/card-window";

/** The busiest seeded card: every status, type and currency the card table handles. */
export const BUSY_CARD = "card_busy_0001";

/**
 * The card-transaction routes called in-process for one card, as the tests of the card table use
 * them. Imported lazily, so the calling test file's vi.mock stand-ins are in place first.
 */
export async function cardWindowCalls(card = BUSY_CARD) {
  const list = await import("@/app/api/v1/cards/[id]/transactions/route");
  const exporter = await import("@/app/api/v1/cards/[id]/transactions/export/route");
  const ctx = { params: Promise.resolve({ id: card }) };
  const base = `http://localhost:3000/api/v1/cards/${card}/transactions`;
  return {
    ctx,
    list: (search: string) => list.GET(new Request(`${base}${search}`), ctx),
    exportCsv: (search: string) => exporter.GET(new Request(`${base}/export${search}`), ctx),
    /** One window that must be answered: 200, never cached, in the contract's shape. */
    async windowOf(search: string): Promise<CardWindow> {
      const res = await list.GET(new Request(`${base}${search}`), ctx);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      return cardWindowSchema.parse(await res.json());
    },
  };
}
