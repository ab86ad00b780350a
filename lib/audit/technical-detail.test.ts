import { describe, expect, it } from "vitest";
import { splitDetail } from "./technical-detail";

describe("an audit entry's detail, split for the reader", () => {
  it("keeps words in view and hashes, keys, UUIDs and codes in the technical fold", () => {
    const { plain, technical } = splitDetail({
      purpose: "case KYC-7",
      bvnLast4: "4455",
      bvnHash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      reservation: "3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f",
      idempotency_key: "k-1",
      code: "upstream_unavailable",
      http_status: 503,
      card_id: "card_9",
    });
    expect(plain.map(([k]) => k)).toEqual(["purpose", "bvnLast4", "card_id"]);
    expect(technical.map(([k]) => k)).toEqual(["bvnHash", "reservation", "idempotency_key", "code", "http_status"]);
  });
  it("treats a long hex value as technical whatever its key", () => {
    expect(splitDetail({ note: "a".repeat(40) }).technical).toHaveLength(1);
    expect(splitDetail(null)).toEqual({ plain: [], technical: [] });
  });
});
