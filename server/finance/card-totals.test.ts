import Papa from "papaparse";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { setup } from "@/server/simulator/test-support";
import { BUSY_CARD, cardWindowCalls } from "@/server/testing/card-window-calls";
import { valueOfMinorSum } from "@/lib/finance/card-totals";
import { fakeStaff } from "@/server/testing/staff";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({ writeAudit: async () => {}, writeAuditQuietly: async () => {} }));
vi.mock("@/server/finance/recent", () => ({ recordOpenedQuietly: async () => {} }));

const list = await import("@/app/api/v1/cards/[id]/transactions/route");
const exporter = await import("@/app/api/v1/cards/[id]/transactions/export/route");

const CARD = BUSY_CARD;
const { ctx, windowOf } = await cardWindowCalls(CARD);

type Raw = { id: string; amount: number; currency: string; status: string; type: string; created_at: string };

/** The simulator's own list, read directly: the independent side of every comparison here. */
async function rawList(): Promise<Raw[]> {
  const { api } = await setup();
  const r = await api("GET", `/cards/${CARD}/transactions`);
  return r.json as Raw[];
}
const cents = (rows: Raw[]) => BigInt(rows.reduce((sum, r) => sum + Math.round(Math.abs(r.amount) * 100), 0));
const sumOf = valueOfMinorSum;
const where = (rows: Raw[], status: string, type?: string) =>
  rows.filter((r) => r.currency === "USD" && r.status === status && (!type || r.type === type));

beforeEach(() => {
  session.staff = fakeStaff("finance");
});

describe("card totals finance can sign off", () => {
  it("splits card_busy_0001 into spent, refunded, net and failed/reversed/pending, equal to sums over the simulator's raw list", async () => {
    const raw = await rawList();
    const shown = await windowOf("");
    const usd = shown.totals.find((t) => t.currency === "USD")!;
    expect(usd.digits).toBe(2);
    expect(sumOf(usd.minor.spent)).toBe(cents(where(raw, "SUCCESS", "DEBIT")));
    expect(sumOf(usd.minor.refunded)).toBe(cents(where(raw, "SUCCESS", "CREDIT")));
    expect(sumOf(usd.minor.net)).toBe(sumOf(usd.minor.spent) - sumOf(usd.minor.refunded));
    expect(sumOf(usd.minor.failed)).toBe(cents(where(raw, "FAILED")));
    expect(sumOf(usd.minor.reversed)).toBe(cents(where(raw, "REVERSED")));
    expect(sumOf(usd.minor.pending)).toBe(cents(where(raw, "PENDING")));
    expect(usd.count.spent).toBe(where(raw, "SUCCESS", "DEBIT").length);
    // Every row is in one bucket: nothing dropped, nothing counted twice.
    const counted = Object.values(usd.count).reduce((a, b) => a + b, 0);
    expect(counted).toBe(raw.filter((r) => r.currency === "USD").length);
    // The old headline summed everything; spending alone is well below it.
    expect(sumOf(usd.minor.spent)).toBeLessThan(cents(raw.filter((r) => r.currency === "USD")));
  });

  it("reads a date range in the staff member's zone: a late-evening UTC row belongs to the next day in Lagos", async () => {
    const raw = await rawList();
    // A row between 23:00 and 24:00 UTC: in Lagos (UTC+1, no DST) it is already the next day.
    const late = raw.find((r) => new Date(r.created_at).getUTCHours() === 23)!;
    expect(late).toBeDefined();
    const utcDay = late.created_at.slice(0, 10);
    const lagosDay = new Date(Date.parse(late.created_at) + 3_600_000).toISOString().slice(0, 10);
    expect(lagosDay).not.toBe(utcDay);
    const ids = async (search: string) => {
      const w = await windowOf(`${search}&limit=500`);
      return { ids: w.rows.map((r) => r.id), w };
    };
    const inLagos = await ids(`?from=${lagosDay}&to=${lagosDay}&tz=Africa/Lagos`);
    expect(inLagos.ids).toContain(late.id);
    expect((await ids(`?from=${utcDay}&to=${utcDay}&tz=Africa/Lagos`)).ids).not.toContain(late.id);
    expect((await ids(`?from=${utcDay}&to=${utcDay}&tz=UTC`)).ids).toContain(late.id);
    // The window's count and totals are those of the Lagos day, from the raw list.
    const start = Date.parse(`${lagosDay}T00:00:00.000+01:00`);
    const day = raw.filter((r) => Date.parse(r.created_at) >= start && Date.parse(r.created_at) < start + 86_400_000);
    expect(inLagos.w.matched).toBe(day.length);
    expect(sumOf(inLagos.w.totals.find((t) => t.currency === "USD")?.minor.spent ?? { billions: 0, rest: 0 })).toBe(
      cents(where(day, "SUCCESS", "DEBIT")),
    );
  });

  it("filters by currency, case-insensitively, and a currency with no rows matches nothing", async () => {
    const all = await windowOf("");
    const usd = await windowOf("?currency=usd");
    expect(all.currencies).toContain("USD");
    expect(usd.totals.map((t) => t.currency)).toEqual(["USD"]);
    expect(usd.totals[0]).toEqual(all.totals.find((t) => t.currency === "USD"));
    expect(usd.rows.every((r) => r.currency === "USD")).toBe(true);
    const none = await windowOf("?currency=XOF");
    expect(none.matched).toBe(0);
    expect(none.totals).toEqual([]);
  });

  it("refuses an unknown time zone with 400 naming tz", async () => {
    const res = await list.GET(new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions?from=2026-11-01&tz=Not/AZone`), ctx);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: "invalid_request", field: "tz" });
    expect(body.error.message).toContain("tz");
  });

  it("exports the split: summing amount per counts_as in the CSV gives the window's totals, formulas still neutralised", async () => {
    const raw = await rawList();
    const lagosDay = raw[Math.floor(raw.length / 2)]!.created_at.slice(0, 10);
    const search = `?from=${lagosDay}&to=${lagosDay}&tz=Africa/Lagos&currency=USD`;
    const shown = await windowOf(search);
    const res = await exporter.GET(
      new Request(`http://localhost:3000/api/v1/cards/${CARD}/transactions/export${search}&snapshot=${shown.snapshot.id}`),
      ctx,
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    // The times are written in the zone the range was read in, and the header says which.
    expect(text.split("\r\n")[0]).toContain("created_at (Africa/Lagos)");
    const records = Papa.parse<Record<string, string>>(text.trim(), { header: true, newline: "\r\n" }).data;
    expect(records).toHaveLength(shown.matched);
    const usd = shown.totals[0]!;
    for (const bucket of ["spent", "refunded", "failed", "reversed", "pending", "other"] as const) {
      const sum = records.filter((r) => r.counts_as === bucket).reduce((s, r) => s + Math.round(Math.abs(Number(r.amount)) * 100), 0);
      expect(BigInt(sum), bucket).toBe(sumOf(usd.minor[bucket]));
    }
    expect(text.split("\r\n").every((line) => !/^[=+@]/.test(line) && !line.includes(",=") && !line.includes(",@"))).toBe(true);
  });
});

describe("totals past 2^53 minor units", () => {
  // The largest amount an upstream number may be (lib/schemas/common.ts), in cents: 150 of them sum past 2^53.
  const NEAR_BOUND_CENTS = 90_071_992_547_409n;
  const rows = Array.from({ length: 150 }, (_, i) => {
    const cents = NEAR_BOUND_CENTS - BigInt(i);
    return {
      id: `ctx_near_${i}`,
      amount: Number(cents) / 100,
      cents,
      currency: "USD",
      status: i % 10 === 9 ? "PENDING" : "SUCCESS",
      type: i % 5 === 4 ? "CREDIT" : "DEBIT",
      created_at: new Date(Date.UTC(2026, 9, 1) - i * 60_000).toISOString(),
    };
  });
  const sum = (picked: typeof rows) => picked.reduce((total, r) => total + r.cents, 0n);

  it("sums 150 rows near the amount bound in one currency exactly, in the whole view and a filtered one, with no error", async () => {
    embeddedSimulator().faults.add({
      operation: "GET /cards/{id}/transactions",
      body: rows.map(({ cents: _, ...row }) => row),
      times: 1,
    });
    const near = await cardWindowCalls("card_near_bound");
    const shown = await near.windowOf("");
    const spent = rows.filter((r) => r.status === "SUCCESS" && r.type === "DEBIT");
    const refunded = rows.filter((r) => r.status === "SUCCESS" && r.type === "CREDIT");
    const pending = rows.filter((r) => r.status === "PENDING");
    expect(sum(spent)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(shown.totals).toHaveLength(1);
    const usd = shown.totals[0]!;
    expect(usd.count).toEqual({
      spent: spent.length,
      refunded: refunded.length,
      failed: 0,
      reversed: 0,
      pending: pending.length,
      other: 0,
    });
    expect(sumOf(usd.minor.spent)).toBe(sum(spent));
    expect(sumOf(usd.minor.refunded)).toBe(sum(refunded));
    expect(sumOf(usd.minor.net)).toBe(sum(spent) - sum(refunded));
    expect(sumOf(usd.minor.pending)).toBe(sum(pending));
    expect([usd.minor.failed, usd.minor.reversed, usd.minor.other]).toEqual(Array(3).fill({ billions: 0, rest: 0 }));
    // Every number of the answer is below 10¹⁰, so none is masked as a BVN or a card number on the way out.
    expect(Object.values(usd.minor).every((m) => Math.abs(m.billions) < 1e10 && Math.abs(m.rest) < 1e9)).toBe(true);
    // A currency filter sums row by row rather than from the column store: the same exact totals.
    const filtered = await near.windowOf(`?currency=USD&snapshot=${shown.snapshot.id}`);
    expect(filtered.totals).toEqual(shown.totals);
  });
});
