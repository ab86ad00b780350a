import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { fakeStaff } from "@/server/testing/staff";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({ writeAuditQuietly: async () => {}, writeAudit: async () => {} }));

const searchRoute = await import("@/app/api/v1/search/route");
const { readCollection, readTransaction } = await import("@/server/finance/transactions");
const { db } = await import("@/server/db/client");
const { saveStatus } = await import("@/server/customers/verification-store");
const { readVerification } = await import("@/server/customers/verification-check");
const { readBill } = await import("@/server/finance/bills");
const { recordSeen } = await import("@/server/finance/seen-objects");
const { transactionSchema, collectionSchema } = await import("@/lib/schemas");
const { seenObjects } = await import("@/server/db/schema");
const { eq } = await import("drizzle-orm");
const { embeddedSimulator } = await import("@/server/upstream/embedded-simulator");

const get = (q: string) =>
  searchRoute.GET(new Request(`http://localhost:3000/api/v1/search?q=${encodeURIComponent(q)}`), { params: Promise.resolve({}) });
const results = async (q: string) => {
  const res = await get(q);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { kind: string; id: string; title: string; subtitle: string; href: string }[] }).results;
};

beforeAll(async () => {
  // Reading through the finance services is what indexes an object.
  await readCollection({ db: await db(), actor: fakeStaff("finance"), input: { id: "col_usd_0001" } });
  await readTransaction({ db: await db(), actor: fakeStaff("finance"), input: { id: "txn_usd_0003" } });
  await saveStatus({ db: await db(), customerId: "cus_search_0001", update: { status: "PENDING", canCreateCard: false, source: "check" } });
});

beforeEach(() => {
  session.staff = fakeStaff("finance");
});

describe("GET /api/v1/search", () => {
  it("finds a collection account opened once by its account number", async () => {
    const found = await results("8012345678");
    expect(found).toContainEqual(expect.objectContaining({ kind: "collection", id: "col_usd_0001", href: "/collections/col_usd_0001" }));
  });

  it.each([
    ["full-width", "８０１２３４５６７８"],
    ["Arabic-Indic", "٨٠١٢٣٤٥٦٧٨"],
  ])("finds it by its account number typed in %s digits", async (_script, typed) => {
    expect(await results(typed)).toContainEqual(expect.objectContaining({ kind: "collection", id: "col_usd_0001" }));
  });

  it("finds a transaction by its reference, case-insensitively", async () => {
    const [transaction] = await (await db()).query.seenObjects.findMany({ where: (t, { eq }) => eq(t.id, "txn_usd_0003") });
    expect(transaction?.reference).toBeTruthy();
    const found = await results(transaction!.reference!.toLowerCase());
    expect(found).toContainEqual(expect.objectContaining({ kind: "transaction", id: "txn_usd_0003", href: "/transactions/txn_usd_0003" }));
  });

  it("finds a transaction by part of its counterparty's name", async () => {
    const [transaction] = await (await db()).query.seenObjects.findMany({ where: (t, { eq }) => eq(t.id, "txn_usd_0003") });
    const name = transaction!.label.split(" · ")[0]!;
    expect(name.length).toBeGreaterThan(4);
    const found = await results(name.slice(1, 5).toLowerCase());
    expect(found).toContainEqual(expect.objectContaining({ kind: "transaction", id: "txn_usd_0003" }));
  });

  it("finds a card issued from the back-office by its id or its customer, and only for finance roles", async () => {
    const { cardIssuances } = await import("@/server/db/schema");
    await (await db()).insert(cardIssuances).values({
      customerId: "cus_card_search",
      outcome: "issued",
      cardId: "card_search_0042",
      cardLast4: "4242",
      staffEmail: "ops@example.com",
      staffName: "Ops",
      requestId: "r-card-search",
      idempotencyKey: "k-card-search",
    });
    const byId = await results("card_search_00");
    expect(byId).toEqual([
      expect.objectContaining({
        kind: "card",
        id: "card_search_0042",
        href: "/cards/card_search_0042/transactions",
        subtitle: "Card · ending 4242 · customer cus_card_search",
      }),
    ]);
    expect(await results("cus_card_search")).toContainEqual(expect.objectContaining({ kind: "card", id: "card_search_0042" }));
    session.staff = fakeStaff("ops");
    expect((await results("card_search_00")).filter((r) => r.kind === "card")).toEqual([]);
  });

  it("finds a card the team opened, though the back-office did not issue it, and only for finance roles", async () => {
    const { recordOpened } = await import("@/server/finance/recent");
    const { demoMember } = await import("@/server/testing/demo-accounts");
    await recordOpened({ db: await db(), staffId: (await demoMember("finance")).id, kind: "card", id: "card_opened_0007" });
    expect(await results("CARD_OPENED")).toEqual([
      expect.objectContaining({ kind: "card", id: "card_opened_0007", href: "/cards/card_opened_0007/transactions" }),
    ]);
    session.staff = fakeStaff("ops");
    expect((await results("card_opened")).filter((r) => r.kind === "card")).toEqual([]);
  });

  it("returns only the kinds the role may open", async () => {
    session.staff = fakeStaff("ops");
    expect(await results("8012345678")).toEqual([]);
    const customers = await results("cus_search");
    expect(customers).toEqual([expect.objectContaining({ kind: "customer", id: "cus_search_0001", href: "/customers/cus_search_0001" })]);
    session.staff = fakeStaff("finance");
    expect(await results("cus_search")).toEqual([]);
  });

  it("offers the pages of the role only", async () => {
    session.staff = fakeStaff("finance");
    expect((await results("staff")).filter((r) => r.kind === "page")).toEqual([]);
    session.staff = fakeStaff("admin");
    expect(await results("staff")).toContainEqual(expect.objectContaining({ kind: "page", href: "/staff" }));
  });

  it("treats LIKE wildcards as text, not patterns", async () => {
    expect(await results("%")).toEqual([]);
    expect(await results("_")).toEqual([]);
  });

  it.each([
    ["a control character", "col\u0000usd"],
    ["a newline", "col\nusd"],
    ["an over-long text", "x".repeat(129)],
    ["an empty text", "   "],
  ])("answers 400 naming q for %s", async (_, q) => {
    const res = await get(q);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid_request", field: "q" } });
  });

  it("answers 401 without a session", async () => {
    session.staff = null;
    expect((await get("col")).status).toBe(401);
  });
});

describe("GET /api/v1/search — only what the upstream confirmed exists for this business", () => {
  it("never offers a customer id the upstream answered 404 for: an unknown one or another business's", async () => {
    session.staff = fakeStaff("ops");
    await expect(readVerification({ db: await db(), input: { id: "cus_nowhere_1", refresh: true } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(readVerification({ db: await db(), input: { id: "cus_other_business", refresh: true } })).rejects.toMatchObject({
      status: 404,
    });
    expect(await results("cus_nowhere")).toEqual([]);
    expect(await results("cus_other")).toEqual([]);
  });

  it("drops a customer offered before as soon as its check answers 404", async () => {
    session.staff = fakeStaff("ops");
    await saveStatus({ db: await db(), customerId: "cus_gone_1", update: { status: "APPROVED", canCreateCard: true, source: "webhook" } });
    expect(await results("cus_gone")).toEqual([expect.objectContaining({ kind: "customer", id: "cus_gone_1" })]);
    await expect(readVerification({ db: await db(), input: { id: "cus_gone_1", refresh: true } })).rejects.toMatchObject({ status: 404 });
    expect(await results("cus_gone")).toEqual([]);
  });

  it("drops an indexed transaction, bill or collection account whose read answers 404", async () => {
    const database = await db();
    await recordSeen({
      seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_gone_1", reference: "REF-GONE-1" }) },
      db: database,
    });
    await recordSeen({ seen: { kind: "bill", object: transactionSchema.parse({ id: "bill_gone_1" }) }, db: database });
    await recordSeen({
      seen: { kind: "collection", object: collectionSchema.parse({ id: "col_gone_1", account_number: "9990001111" }) },
      db: database,
    });
    expect((await results("ref-gone-1")).map((r) => r.id)).toEqual(["txn_gone_1"]);
    await expect(readTransaction({ db: await db(), actor: fakeStaff("finance"), input: { id: "txn_gone_1" } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(readBill({ db: await db(), actor: fakeStaff("finance"), input: { id: "bill_gone_1" } })).rejects.toMatchObject({
      status: 404,
    });
    await expect(readCollection({ db: await db(), actor: fakeStaff("finance"), input: { id: "col_gone_1" } })).rejects.toMatchObject({
      status: 404,
    });
    expect(await results("ref-gone-1")).toEqual([]);
    expect(await results("bill_gone")).toEqual([]);
    expect(await results("9990001111")).toEqual([]);
    // An object the upstream still confirms stays where it was.
    expect(await results("8012345678")).toContainEqual(expect.objectContaining({ id: "col_usd_0001" }));
  });

  it("never offers an object whose id could not open its page", async () => {
    // The upstream bounds ids but does not hold them to the path allowlist; the page would answer 400.
    await recordSeen({
      seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn odd/1", reference: "REF-ODD-ID-1" }) },
      db: await db(),
    });
    await recordSeen({
      seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_plain_1", reference: "REF-ODD-ID-2" }) },
      db: await db(),
    });
    expect((await results("ref-odd-id")).map((r) => [r.id, r.href])).toEqual([["txn_plain_1", "/transactions/txn_plain_1"]]);
  });

  it("names a customer's state in the words of its badge, never the upstream's code", async () => {
    session.staff = fakeStaff("ops");
    const database = await db();
    await saveStatus({
      db: database,
      customerId: "cus_words_1",
      update: { status: "NOT_SUBMITTED", canCreateCard: false, source: "check" },
    });
    await saveStatus({ db: database, customerId: "cus_words_2", update: { status: "APPROVED", canCreateCard: false, source: "check" } });
    expect((await results("cus_words")).map((r) => r.subtitle)).toEqual([
      "Customer · Not submitted",
      "Customer · Approved — no further card permitted",
    ]);
  });
});

describe("GET /api/v1/search — the index keeps no card number, CVV or BVN, and confirms none", () => {
  const seenRow = async (id: string) => (await (await db()).select().from(seenObjects).where(eq(seenObjects.id, id)))[0];

  it("indexes a transaction read with a card number, its CVV and a BVN masked, and never finds it by them", async () => {
    embeddedSimulator().faults.add({
      operation: "GET /transactions/{id}",
      body: { id: "txn_pan_1", account_name: "Ada", detail: "POS card 4111111111111111 cvv 123", reference: "R-22212345678" },
      times: 1,
    });
    await readTransaction({ db: await db(), actor: fakeStaff("finance"), input: { id: "txn_pan_1" } });
    const row = await seenRow("txn_pan_1");
    expect(row).toBeDefined();
    const stored = JSON.stringify([row!.id, row!.reference, row!.accountNumber, row!.label]);
    expect(stored).not.toMatch(/4111111111111111|22212345678|\b123\b/);
    expect(row!.label).toMatch(/^Ada · POS card •+1111 cvv •+$/);
    // Neither the right number nor a wrong one finds it: the search is no oracle for a number.
    for (const typed of ["card 4111111111111111", "card 4111111111111112", "4111111111111111", "R-22212345678", "R-2221", "cvv 123"])
      expect((await results(typed)).map((r) => r.id)).not.toContain("txn_pan_1");
    // What is not a number stays searchable.
    expect((await results("POS card")).map((r) => r.id)).toContain("txn_pan_1");
  });

  it("masks a card number sent as an account number, and keeps a NUBAN as it is", async () => {
    const database = await db();
    await recordSeen({
      seen: { kind: "collection", object: collectionSchema.parse({ id: "col_pan_1", account_number: "5500005555555559" }) },
      db: database,
    });
    await recordSeen({
      seen: { kind: "collection", object: collectionSchema.parse({ id: "col_nuban_1", account_number: "0123456789" }) },
      db: database,
    });
    expect((await seenRow("col_pan_1"))!.accountNumber).not.toContain("5500005555555559");
    expect((await results("5500005555555559")).map((r) => r.id)).not.toContain("col_pan_1");
    expect((await seenRow("col_nuban_1"))!.accountNumber).toBe("0123456789");
    expect((await results("0123456789")).map((r) => r.id)).toContain("col_nuban_1");
  });
});

describe("GET /api/v1/search — an object the upstream sent in full-width characters", () => {
  it("is found by its account number and its reference typed in ASCII or as sent", async () => {
    await recordSeen({
      seen: {
        kind: "collection",
        object: collectionSchema.parse({ id: "col_fw_1", account_number: "８０１２３４５６７９", reference: "ＲＥＦ-７７" }),
      },
      db: await db(),
    });
    for (const typed of ["8012345679", "801234", "８０１２３４５６７９", "REF-77", "ref-77", "ＲＥＦ-７７"])
      expect((await results(typed)).map((r) => r.id)).toContain("col_fw_1");
  });

  it("is found by a transaction's reference sent in Arabic-Indic digits", async () => {
    await recordSeen({
      seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_ar_1", reference: "NIP-٢٠٢٦١١" }) },
      db: await db(),
    });
    expect((await results("nip-202611")).map((r) => r.id)).toContain("txn_ar_1");
  });
});

describe("GET /api/v1/search — names as shown, and the order of what was opened", () => {
  it("finds a counterparty's name typed as it is shown, letters JavaScript and the database lower-case differently included", async () => {
    // "Σ" at a word's end and "İ": JavaScript's toLowerCase and the database's lower() disagree on them.
    await recordSeen({
      seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_greek_1", account_name: "ΟΔΟΣ ΑΘΗΝΩΝ" }) },
      db: await db(),
    });
    await recordSeen({
      seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_turkish_1", account_name: "İBRAHİM TİCARET" }) },
      db: await db(),
    });
    expect((await results("ΟΔΟΣ")).map((r) => r.id)).toContain("txn_greek_1");
    expect((await results("İBRAHİM")).map((r) => r.id)).toContain("txn_turkish_1");
  });

  it("lists what was opened newest first by the database's clock, whichever instance's clock is off", async () => {
    const { withAppClockSkew } = await import("@/server/testing/app-clock-skew");
    await withAppClockSkew(10 * 60_000, async () =>
      recordSeen({
        seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_clock_a", reference: "REF-CLOCK-A" }) },
        db: await db(),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await recordSeen({
      seen: { kind: "transaction", object: transactionSchema.parse({ id: "txn_clock_b", reference: "REF-CLOCK-B" }) },
      db: await db(),
    });
    expect((await results("ref-clock")).map((r) => r.id)).toEqual(["txn_clock_b", "txn_clock_a"]);
  });
});
