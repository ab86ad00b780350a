import { autoImplementMethods } from "next/dist/server/route-modules/app-route/helpers/auto-implement-methods";
import type { AppRouteHandlers } from "next/dist/server/route-modules/app-route/module";
import { NextRequest } from "next/server";
import Papa from "papaparse";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { valueOfMinorSum } from "@/lib/finance/card-totals";
import { BUSY_CARD, cardWindowCalls } from "@/server/testing/card-window-calls";
import { fakeStaff } from "@/server/testing/staff";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
const audit = vi.hoisted(() => ({ entries: [] as { action: string; outcome: string; detail?: unknown }[] }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({
  writeAudit: async (e: { action: string; outcome: string }) => void audit.entries.push(e),
  writeAuditQuietly: async (e: { action: string; outcome: string }) => void audit.entries.push(e),
}));
vi.mock("@/server/finance/recent", () => ({ recordOpenedQuietly: async () => {} }));

const { embeddedSimulator } = await import("@/server/upstream/embedded-simulator");
const list = await import("@/app/api/v1/cards/[id]/transactions/route");
const exporter = await import("@/app/api/v1/cards/[id]/transactions/export/route");

const CARD = BUSY_CARD;
const { ctx, windowOf } = await cardWindowCalls(CARD);

beforeEach(() => {
  session.staff = fakeStaff("finance");
  audit.entries = [];
});

describe("GET /api/v1/cards/{id}/transactions against the simulator", () => {
  it("answers the newest first page with the whole card's count and totals", async () => {
    const first = await windowOf("");
    expect(first.snapshot.total).toBeGreaterThanOrEqual(5000);
    expect(first.matched).toBe(first.snapshot.total);
    expect(first.rows).toHaveLength(100);
    const times = first.rows.map((r) => Date.parse(r.created_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.totals.map((t) => t.currency)).toContain("USD");
  });

  it("pages through one filtered view of one snapshot without gaps or repeats", async () => {
    const first = await windowOf("?status=FAILED&sort=amount&dir=asc&limit=500");
    expect(first.matched).toBeGreaterThan(0);
    expect(first.matched).toBeLessThan(first.snapshot.total);
    const ids = new Set<string>();
    const seen: { currency: string; amount: number }[] = [];
    for (let offset = 0; offset < first.matched; offset += 500) {
      const page = await windowOf(`?status=FAILED&sort=amount&dir=asc&limit=500&offset=${offset}&snapshot=${first.snapshot.id}`);
      expect(page.snapshot.id).toBe(first.snapshot.id);
      for (const r of page.rows) {
        expect(r.status).toBe("FAILED");
        ids.add(r.id);
        if (r.amount !== null) seen.push({ currency: r.currency ?? "", amount: r.amount });
      }
    }
    expect(ids.size).toBe(first.matched);
    // Amount order is per currency: currencies A→Z, smallest amount first within each.
    const currencies = seen.map((x) => x.currency);
    expect(currencies).toEqual([...currencies].sort());
    for (const currency of new Set(currencies)) {
      const amounts = seen.filter((x) => x.currency === currency).map((x) => x.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    }
  });

  it("exports exactly the view's rows as CSV, with totals that match, and audits the export", async () => {
    const shown = await windowOf("?q=whole");
    const res = await exporter.GET(
      new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions/export?q=whole&snapshot=${shown.snapshot.id}`),
      ctx,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toContain(`${CARD}-transactions.csv`);
    const records = Papa.parse<Record<string, string>>((await res.text()).trim(), { header: true, newline: "\r\n" }).data;
    expect(records).toHaveLength(shown.matched);
    expect(records.every((r) => `${r.description} ${r.merchant_name} ${r.reference}`.toLowerCase().includes("whole"))).toBe(true);
    // The CSV carries the page's split: amount summed per counts_as gives each bucket of the totals.
    const usd = shown.totals.find((t) => t.currency === "USD")!;
    for (const bucket of ["spent", "refunded", "failed", "reversed", "pending", "other"] as const) {
      const cents = records
        .filter((r) => r.currency === "USD" && r.counts_as === bucket)
        .reduce((sum, r) => sum + Math.round(Math.abs(Number(r.amount)) * 100), 0);
      expect(BigInt(cents), bucket).toBe(valueOfMinorSum(usd.minor[bucket]));
    }
    expect(audit.entries).toEqual([expect.objectContaining({ action: "card_transactions.export", outcome: "success" })]);
  });

  it("sends the CSV with a UTF-8 byte-order mark first, as spreadsheets need to read it as UTF-8", async () => {
    const res = await exporter.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions/export`), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Once: the header follows the mark directly.
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.slice(0, 6))).toBe("\uFEFFid,");
  });

  it("answers HEAD on the export with the headers only: no audit entry, nothing asked upstream", async () => {
    // The handler Next.js runs for HEAD: the route file's own, else its GET.
    const head = autoImplementMethods(exporter as AppRouteHandlers).HEAD as (request: NextRequest, context: unknown) => Promise<Response>;
    const calls = () => Object.values(embeddedSimulator().stats.all()).reduce((a, b) => a + b, 0);
    const before = calls();
    const res = await head(new NextRequest(`http://localhost:3000/api/v1/cards/card_head_0001/transactions/export`, { method: "HEAD" }), {
      params: Promise.resolve({ id: "card_head_0001" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(await res.text()).toBe("");
    expect(audit.entries).toEqual([]);
    expect(calls()).toBe(before);
  });

  it("refuses bad parameters with 400 naming the field, before any upstream call", async () => {
    for (const [search, field] of [
      ["?limit=501", "limit"],
      ["?offset=-1", "offset"],
      ["?sort=merchant", "sort"],
      ["?q=" + "x".repeat(101), "q"],
      ["?q=uber%00trip", "q"],
      ["?q=%09", "q"],
      ["?status=FAI%00LED", "status"],
      ["?type=%1F", "type"],
      ["?snapshot=../../etc", "snapshot"],
      ["?from=2026-11-01&tz=Mars/Olympus", "tz"],
      ["?tz=" + "A".repeat(100), "tz"],
      ["?from=2026-13-01", "from"],
      ["?from=2026-11-02&to=2026-11-01", "from"],
      ["?currency=dollars", "currency"],
    ] as const) {
      const res = await list.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions${search}`), ctx);
      expect(res.status, search).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "invalid_request", field } });
    }
    const unknown = await list.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions?page=2`), ctx);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toContain("page");
  });

  it("answers 409 snapshot_expired for a snapshot the server no longer holds", async () => {
    const res = await list.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions?snapshot=AAAAAAAAAAAAAAAAAAAAAA`), ctx);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "snapshot_expired" } });
  });

  it("answers 404 for a card that does not exist, and 403 for a role without finance", async () => {
    const missing = await list.GET(new Request("http://localhost:3000/api/v1/cards/card_nope_404/transactions"), {
      params: Promise.resolve({ id: "card_nope_404" }),
    });
    expect(missing.status).toBe(404);
    session.staff = fakeStaff("ops");
    const refused = await exporter.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions/export`), ctx);
    expect(refused.status).toBe(403);
  });
});
