import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "@/lib/validation/zod";
import type { ErrorCode } from "@/lib/contracts/errors";
import { AppError } from "@/lib/errors";
import { idParams } from "@/lib/route-params";
import type { StaffMember } from "@/server/auth/staff-repo";
import { fakeStaff, jsonRequest } from "@/server/testing/staff";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
const audit = vi.hoisted(() => ({ entries: [] as unknown[] }));
vi.mock("@/server/audit/writer", () => ({
  writeAuditQuietly: async (e: unknown) => void audit.entries.push(e),
  writeAudit: async (e: unknown) => void audit.entries.push(e),
}));

const { executorOf, route } = await import("./route");
const { db: processDb } = await import("@/server/db/client");
const { Reply } = await import("@/server/reply");
const { contract, fileResponse } = await import("@/lib/contracts/contract");
const { fail } = await import("@/lib/contracts/fail");

const URL_BASE = "http://localhost:3000/api/v1/things";
const params = (p: Record<string, string>) => ({ params: Promise.resolve(p) });
const thingSchema = z.object({ id: z.string() });
const getThingContract = contract({
  method: "GET",
  path: "/api/v1/things/[id]",
  capability: "finance.read",
  action: "thing.read",
  params: idParams,
  response: thingSchema,
  errors: ["snapshot_expired"],
});
const getThing = route(getThingContract, async ({ params }) => ({ id: params.id }));
const postThing = route(
  contract({
    method: "POST",
    path: "/api/v1/things",
    capability: "finance.read",
    action: "thing.write",
    body: z.object({ amount: z.number({ error: "Enter an amount." }) }),
    response: z.object({ amount: z.number() }),
    errors: [],
  }),
  async ({ body }) => ({ amount: body.amount }),
);
const anything = (errors: readonly ErrorCode[] = ["upstream_unavailable"]) =>
  contract({
    method: "GET",
    path: "/api/v1/things",
    capability: "finance.read",
    action: "x",
    response: z.object({ ok: z.literal(true) }),
    errors,
  });

beforeEach(() => {
  session.staff = fakeStaff("finance");
  audit.entries = [];
});

describe("route wrapper", () => {
  it("answers 401 JSON without a session", async () => {
    session.staff = null;
    const res = await getThing(new Request(`${URL_BASE}/a`), params({ id: "a" }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("answers 403 JSON for a role outside the matrix, and audits the denial", async () => {
    session.staff = fakeStaff("ops");
    const res = await getThing(new Request(`${URL_BASE}/a`), params({ id: "a" }));
    expect(res.status).toBe(403);
    expect(audit.entries).toMatchObject([{ action: "thing.read", outcome: "denied" }]);
  });

  it("validates path parameters: 400 naming the field", async () => {
    const res = await getThing(new Request(`${URL_BASE}/x`), params({ id: "../etc" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { field: "id" } });
  });

  it("sends no-store and a request id on every answer", async () => {
    const ok = await getThing(new Request(`${URL_BASE}/a`), params({ id: "a" }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(ok.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
    session.staff = null;
    const denied = await getThing(new Request(`${URL_BASE}/a`), params({ id: "a" }));
    expect(denied.headers.get("cache-control")).toBe("no-store");
  });

  it("validates the body: 400 naming the field", async () => {
    const res = await postThing(jsonRequest(URL_BASE, { amount: "ten" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { field: "amount" } });
    expect((await postThing(jsonRequest(URL_BASE, { amount: 10 }))).status).toBe(200);
  });

  it("accepts only application/json on state-changing routes (415)", async () => {
    const res = await postThing(jsonRequest(URL_BASE, "amount=10", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(res.status).toBe(415);
  });

  it("refuses bodies over 16 KB (413), declared or streamed", async () => {
    const big = JSON.stringify({ amount: 1, pad: "x".repeat(17 * 1024) });
    expect((await postThing(jsonRequest(URL_BASE, big))).status).toBe(413);
    const undeclared = jsonRequest(URL_BASE, big);
    undeclared.headers.delete("content-length");
    expect((await postThing(undeclared)).status).toBe(413);
  });

  it("answers 400 for a body that is not JSON", async () => {
    expect((await postThing(jsonRequest(URL_BASE, "{nope"))).status).toBe(400);
  });

  it("answers 415 for a JSON body declared in a charset other than UTF-8, and reads one declared UTF-8", async () => {
    for (const charset of ["utf-16", "latin1", '"ISO-8859-1"'])
      expect(
        (await postThing(jsonRequest(URL_BASE, { amount: 1 }, { "Content-Type": `application/json; charset=${charset}` }))).status,
      ).toBe(415);
    for (const charset of ["utf-8", "UTF8", '"utf-8"'])
      expect(
        (await postThing(jsonRequest(URL_BASE, { amount: 1 }, { "Content-Type": `application/json; charset=${charset}` }))).status,
      ).toBe(200);
  });

  it("answers 400 naming a field the body gives twice, which JSON.parse would settle silently by the last", async () => {
    const res = await postThing(jsonRequest(URL_BASE, '{"amount":1,"amount":999999}'));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "invalid_json", field: "amount" } });
    // A key the sender chose is echoed cut short, as an unknown field's name is.
    const long = "k".repeat(5_000);
    const echoed = await postThing(jsonRequest(URL_BASE, `{"${long}":1,"${long}":2}`));
    expect(echoed.status).toBe(400);
    expect((await echoed.json()).error.field).toBe("k".repeat(64));
  });

  it.each([
    ["a cross-site fetch", { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }],
    ["a same-site but other-origin fetch", { "Sec-Fetch-Site": "same-site", Origin: "https://other.localhost:3000" }],
    ["Origin: null", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
    ["a foreign Origin without Sec-Fetch-Site", { Origin: "https://evil.example", "Sec-Fetch-Site": "" }],
  ])("rejects %s (403)", async (_, headers) => {
    const req = jsonRequest(URL_BASE, { amount: 1 }, headers);
    if (headers["Sec-Fetch-Site"] === "") req.headers.delete("sec-fetch-site");
    const res = await postThing(req);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "cross_site_request" } });
  });

  it("maps an AppError to the envelope and hides anything else behind a 500 with the request id", async () => {
    const failing = route(anything(), async () => {
      throw new AppError({ status: 503, code: "upstream_unavailable", message: "Try again shortly." });
    });
    const res = await failing(new Request(URL_BASE));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { code: "upstream_unavailable", message: "Try again shortly." } });
    const crashing = route(anything(), async () => {
      throw new Error("secret internal detail");
    });
    const crash = await crashing(new Request(URL_BASE));
    expect(crash.status).toBe(500);
    const text = await crash.text();
    expect(text).not.toContain("secret internal detail");
    expect(text).toContain(crash.headers.get("x-request-id")!);
  });

  it("parses every answer with the contract: extra fields are not sent, a mismatch is a logged 500", async () => {
    const leaky = route(getThingContract, async () => ({ id: "a", secret: "hidden" }) as never);
    const ok = await leaky(new Request(`${URL_BASE}/a`), params({ id: "a" }));
    expect(await ok.json()).toEqual({ id: "a" });
    const wrong = route(getThingContract, async () => ({ id: 42 }) as never);
    const res = await wrong(new Request(`${URL_BASE}/a`), params({ id: "a" }));
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: { code: "internal_error" } });
  });

  it("answers a Reply's status and headers, and replays only declared error envelopes", async () => {
    const created = route(getThingContract, async () => new Reply(201, { id: "a" }, { "Idempotent-Replayed": "true" }));
    const res = await created(new Request(`${URL_BASE}/a`), params({ id: "a" }));
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBe("true");
    const replayed = route(getThingContract, async () => new Reply(409, { error: { code: "snapshot_expired", message: "Gone." } }));
    expect((await replayed(new Request(`${URL_BASE}/a`), params({ id: "a" }))).status).toBe(409);
    const stray = route(getThingContract, async () => new Reply(409, { error: { code: "never_declared", message: "?" } }));
    expect((await stray(new Request(`${URL_BASE}/a`), params({ id: "a" }))).status).toBe(500);
  });

  it("writes the entry of what an answer gives only when that answer is a success that is sent", async () => {
    // Each id gives its entry, then: "a" answers, "refused" is refused, "broken" answers outside its contract, "crash" throws.
    const giving = route(getThingContract, async ({ params: { id }, auditAnswer, requestId }) => {
      await auditAnswer({ actor: null, action: "thing.given", target: id, outcome: "success", requestId });
      if (id === "refused") return new Reply(409, { error: { code: "snapshot_expired", message: "Gone." } });
      if (id === "broken") return { id: 42 } as never;
      if (id === "crash") throw new Error("after the entry");
      return { id };
    });
    const statuses = [];
    for (const id of ["a", "refused", "broken", "crash"])
      statuses.push((await giving(new Request(`${URL_BASE}/${id}`), params({ id }))).status);
    expect(statuses).toEqual([200, 409, 500, 500]);
    const given = () =>
      (audit.entries as { action: string; target: string }[]).filter((e) => e.action === "thing.given").map((e) => e.target);
    expect(given()).toEqual(["a"]);

    // An approved request's answer, run for its checker, follows the same rule.
    const execute = executorOf(giving);
    const db = await processDb();
    const run = (id: string) =>
      execute({
        db,
        staff: { ...fakeStaff("finance"), sessionId: undefined, mustChangePassword: false },
        input: { params: { id }, body: undefined, query: undefined, headers: {} },
        requestId: `exec-${id}`,
        origin: "http://localhost:3000",
      });
    expect((await run("b")).status).toBe(200);
    expect((await run("refused")).status).toBe(409);
    expect(given()).toEqual(["a", "b"]);
  });

  it("turns an error code the contract does not declare into a logged 500 outside production", async () => {
    const declared = route(anything(["upstream_unavailable"]), async () => {
      throw new AppError({ status: 409, code: "surprise", message: "Not in the contract." });
    });
    expect((await declared(new Request(URL_BASE))).status).toBe(500);
  });

  it("reads an idempotent contract's Idempotency-Key: a missing or malformed one is a 400 naming the header, a good one reaches the handler", async () => {
    const seen: unknown[] = [];
    const once = route(
      contract({
        method: "POST",
        path: "/api/v1/things",
        capability: "finance.read",
        action: "thing.write",
        idempotent: true,
        response: z.object({ key: z.string() }),
        errors: [],
      }),
      async ({ idempotencyKey }) => {
        seen.push(idempotencyKey);
        return { key: idempotencyKey };
      },
    );
    const missing = await once(jsonRequest(URL_BASE, {}));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { code: "idempotency_key_required", field: "Idempotency-Key" } });
    const spaced = await once(jsonRequest(URL_BASE, {}, { "Idempotency-Key": "has space" }));
    expect(await spaced.json()).toMatchObject({ error: { code: "invalid_idempotency_key", field: "Idempotency-Key" } });
    expect(seen).toEqual([]);
    const ok = await once(jsonRequest(URL_BASE, {}, { "Idempotency-Key": "intent-1" }));
    expect([ok.status, await ok.json()]).toEqual([200, { key: "intent-1" }]);
  });

  it("answers fail()'s refusal with the code's status and the contract's declared error body beside the envelope", async () => {
    const gone = contract({
      method: "GET",
      path: "/api/v1/things",
      capability: "finance.read",
      action: "x",
      response: z.object({ ok: z.literal(true) }),
      errors: ["snapshot_expired", "card_recently_issued"],
      errorBodies: {
        card_recently_issued: z.object({
          error: z.object({ code: z.literal("card_recently_issued"), message: z.string() }),
          since: z.string(),
        }),
      },
    });
    const expired = route(gone, async () => {
      throw fail(gone, "snapshot_expired", "Start again.");
    });
    const first = await expired(new Request(URL_BASE));
    expect([first.status, await first.json()]).toEqual([409, { error: { code: "snapshot_expired", message: "Start again." } }]);
    const recent = route(gone, async () => {
      throw fail(gone, "card_recently_issued", "Issued today.", { body: { since: "today" } });
    });
    const second = await recent(new Request(URL_BASE));
    expect([second.status, await second.json()]).toEqual([
      409,
      { since: "today", error: { code: "card_recently_issued", message: "Issued today." } },
    ]);
  });

  it("answers HEAD (which Next.js hands to the GET handler) after the same guards, with the GET's headers and without running the handler", async () => {
    let runs = 0;
    const counted = route(getThingContract, async ({ params }) => {
      runs++;
      return { id: params.id };
    });
    const head = (id: string) => counted(new Request(`${URL_BASE}/${id}`, { method: "HEAD" }), params({ id }));
    const res = await head("a");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
    expect(await res.text()).toBe("");
    expect((await head("../etc")).status).toBe(400);
    session.staff = fakeStaff("ops");
    expect((await head("a")).status).toBe(403);
    session.staff = null;
    expect((await head("a")).status).toBe(401);
    expect(runs).toBe(0);
  });

  it("answers HEAD on a download with its file type, never building the file", async () => {
    let runs = 0;
    const download = route(
      contract({
        method: "GET",
        path: "/api/v1/things",
        capability: "finance.read",
        action: "thing.export",
        response: fileResponse,
        errors: [],
      }),
      async () => {
        runs++;
        return new Response("id\r\n", { headers: { "Content-Type": "text/csv; charset=utf-8" } });
      },
    );
    const res = await download(new Request(URL_BASE, { method: "HEAD" }));
    expect([res.status, res.headers.get("content-type"), await res.text(), runs]).toEqual([200, "text/csv; charset=utf-8", "", 0]);
    expect(audit.entries).toEqual([]);
  });

  it("remembers its contract, for the route matrix", () => {
    expect(getThing.contract.path).toBe("/api/v1/things/[id]");
  });
});
