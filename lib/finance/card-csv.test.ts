import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { cardRowsToCsv } from "./card-csv";
import type { CardRow } from "./card-rows";

const row = (extra: Partial<CardRow>): CardRow => ({
  id: "ctx_1",
  reference: "REF1",
  amount: 1500,
  charges: 0,
  currency: "NGN",
  category: null,
  type: "DEBIT",
  status: "SUCCESS",
  description: "Top-up ₦1,500",
  merchant_name: "Café Lagos",
  report: false,
  created_at: "2026-01-02T10:00:00Z",
  ...extra,
});

describe("cardRowsToCsv", () => {
  it("starts with a UTF-8 byte-order mark, so Excel does not read Café or ₦ in the ANSI code page", () => {
    const csv = cardRowsToCsv([row({})], [0], "Africa/Lagos");
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The mark is no part of the first header: a reader that honours it sees the columns as written.
    const records = Papa.parse<Record<string, string>>(new TextDecoder().decode(bytes).trim(), { header: true, newline: "\r\n" }).data;
    expect(records).toEqual([expect.objectContaining({ id: "ctx_1", merchant_name: "Café Lagos", description: "Top-up ₦1,500" })]);
  });

  it("starts an empty view's file with the mark too", () => {
    expect(cardRowsToCsv([], [], "UTC").startsWith("\uFEFFid,created_at (UTC),")).toBe(true);
  });
});
