import { describe, expect, it } from "vitest";
import { SEED } from "./seed/ids";
import type { CardTransactionRecord } from "./seed/records";
import { setup } from "./test-support";

const LIST = `/cards/${SEED.cards.busy}/transactions`;
const ids = (json: unknown) => (json as CardTransactionRecord[]).map((t) => t.id);

describe("GET /cards/{id}/transactions with page and limit", () => {
  it("pages the list in its usual order when paging is on: page 1 first, 10 rows by default, at most 100", async () => {
    const whole = ids((await (await setup()).api("GET", LIST)).json);
    const { api } = await setup({ listPaging: "page-limit" });
    expect(ids((await api("GET", LIST)).json)).toEqual(whole.slice(0, 10));
    expect(ids((await api("GET", `${LIST}?page=3&limit=100`)).json)).toEqual(whole.slice(200, 300));
    expect(ids((await api("GET", `${LIST}?page=52&limit=100`)).json)).toEqual(whole.slice(5_100, 5_200));
    expect((await api("GET", `${LIST}?page=53&limit=100`)).json).toEqual([]);
    expect(ids((await api("GET", `${LIST}?page=2&limit=7`)).json)).toEqual(whole.slice(7, 14));
    expect((await api("GET", `/cards/${SEED.cards.empty}/transactions?page=1&limit=100`)).json).toEqual([]);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=1.5", "limit"],
    ["limit=", "limit"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
  ])("answers 400 in the general error shape, naming the parameter, for %s", async (query, field) => {
    const { api } = await setup({ listPaging: "page-limit" });
    const r = await api("GET", `${LIST}?${query}`);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ message: expect.any(String), values: { [field]: expect.stringMatching(/whole number/) } });
  });

  it("ignores page and limit when paging is off, as the spec describes", async () => {
    const { api } = await setup();
    const r = await api("GET", `${LIST}?page=2&limit=0`);
    expect(r.status).toBe(200);
    expect(ids(r.json)).toHaveLength(SEED.busyCardTransactionCount);
  });

  it("answers the first page whatever page is asked for in the ignore-page fault mode", async () => {
    const { api } = await setup({ listPaging: "ignore-page" });
    const first = ids((await api("GET", `${LIST}?page=1&limit=100`)).json);
    expect(first).toHaveLength(100);
    expect(ids((await api("GET", `${LIST}?page=9&limit=100`)).json)).toEqual(first);
  });
});
