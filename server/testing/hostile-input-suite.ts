import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";
import { apiRouteFiles, discoverApiRoutes } from "@/server/testing/route-files";
import { session } from "./session-double";

/**
 * Hostile values sent to EVERY route file under app/api: as each path parameter, as the value of
 * every field name the schemas know (query and JSON body), and as the whole body. A route may
 * refuse (4xx) or, for an input it does not read, answer as it does without it; it may never
 * answer 500, and a value it refuses must not have reached the upstream first.
 *
 * The routes are shared out between the `server/http/hostile-input/routes-N.test.ts` files, so that Vitest's
 * workers run the corpus side by side: as one file it was the longest of the run by far. Each of
 * those files mocks the session (with ./session-double.ts) and the role check; what is under test
 * is input handling, not the permission matrix.
 */

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

/**
 * `wellFormed` values are printable text a field may legitimately hold ("constructor" is a fine id
 * or name): they may reach the upstream, which must then answer 4xx. The others can never be valid.
 */
type Hostile = { label: string; value: string; wellFormed?: boolean; sensitive?: boolean };
const CORPUS: Hostile[] = [
  { label: "NUL", value: "a\u0000b" },
  { label: "lone surrogate", value: "a\ud800b" },
  { label: "overlong dot (%C0%AE)", value: "%C0%AE%C0%AE", wellFormed: true },
  { label: "10,000 characters", value: "x".repeat(10_000) },
  { label: "10,000 nested arrays", value: nested(10_000) },
  { label: "__proto__", value: "__proto__", wellFormed: true },
  { label: "constructor", value: "constructor", wellFormed: true },
  // A BVN or a card number, in any script: whatever a route does with it, no answer carries it back
  // unmasked (`sensitive`). A card number with dashes is a well-formed id, and one with spaces a fine password.
  { label: "a BVN in full-width digits", value: "２２２１２３４５６７８", sensitive: true },
  { label: "a BVN in Arabic-Indic digits", value: "٢٢٢١٢٣٤٥٦٧٨", sensitive: true },
  { label: "a BVN in Devanagari digits", value: "२२२१२३४५६७८", sensitive: true },
  { label: "a card number with spaces", value: "4111 1111 1111 1111", wellFormed: true, sensitive: true },
  { label: "a card number with dashes", value: "4111-1111-1111-1111", wellFormed: true, sensitive: true },
];

/** A sensitive hostile value never comes back unmasked, in its own script or in ASCII digits. */
function expectNotEchoed(text: string, hostile: Hostile): void {
  if (!hostile.sensitive) return;
  expect(text, `${hostile.label} echoed`).not.toContain(hostile.value);
  expect(text, `${hostile.label} echoed in ASCII digits`).not.toContain(normalizeDigits(hostile.value));
  expect(text, `${hostile.label} echoed without separators`).not.toContain(normalizeDigits(hostile.value).replace(/\D/g, ""));
}

let uniqueEmail = 0;
/**
 * A body each state-changing route accepts, so that one hostile field at a time reaches the
 * field's own check (with every field hostile, the first invalid one would hide the rest).
 */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  "POST /api/staff": () => ({
    email: `hostile.${++uniqueEmail}@example.com`,
    name: "Hostile Input",
    role: "ops",
    password: "a-long-enough-password-1",
  }),
  "PATCH /api/staff/[id]": () => ({ role: "ops", status: "active" }),
  "PATCH /api/account/preferences": () => ({ timeZone: "Africa/Lagos" }),
  "POST /api/v1/identity/bvn": () => ({ number: "22222222222", purpose: "Case 7781 review" }),
  "POST /api/v1/identity/bvn/recent": () => ({ number: "22222222222" }),
  "POST /api/v1/customers/[id]/update": () => ({ email: "new.contact@example.com", phone_number: "+2348012345678" }),
  "POST /api/v1/cards": () => ({ customer_id: "cus_pending" }),
  "POST /api/views": () => ({
    page: "card_transactions",
    name: `Hostile view ${++uniqueEmail}`,
    filters: { status: "settled", q: "coffee" },
  }),
  "POST /api/v1/checkouts/[accountNo]/credit": () => ({
    amount: 10.5,
    currency: "USD",
    collection_id: "col_usd_0001",
    sender: { account_name: "A", account_number: "123", bank_code: "058", bank_name: "B", narration: "n", reference: "REF-1" },
  }),
};

/** Each leaf of a body as a path, to replace one at a time. */
function leafPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, v]) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? leafPaths(v as Record<string, unknown>, [...prefix, key])
      : [[...prefix, key]],
  );
}

function withLeaf(body: Record<string, unknown>, at: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[at[at.length - 1]!] = value;
  return copy;
}

/** Whole JSON bodies: too deep to fit the size limit, deep within it, and prototype keys. */
const HOSTILE_BODIES: { label: string; text: string }[] = [
  { label: "10,000 nested arrays", text: nested(10_000) },
  { label: "7,000 nested arrays", text: nested(7_000) },
  { label: "prototype keys", text: '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":true}}}' },
  { label: "a JSON string with NUL", text: '"\\u0000"' },
  { label: "null", text: "null" },
];

/** Every key any schema declares: the names a query string or a body may use. */
function schemaFieldNames(): string[] {
  const names = new Set<string>();
  for (const dir of ["schemas", "contracts", "customers", "validation"].map((d) => path.join(process.cwd(), "lib", d))) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      for (const [, name] of readFileSync(path.join(dir, file), "utf8").matchAll(/^\s+([A-Za-z_][A-Za-z0-9_]*)\??:/gm)) names.add(name!);
    }
  }
  return [...names].sort();
}

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Route = { key: string; method: string; template: string; handler: Handler };

/**
 * next-auth's handler needs Next's request scope (it calls cookies()), which only a running server
 * has: e2e/foundation/hostile-auth.spec.ts sends this corpus to it over HTTP instead.
 */
const NEEDS_SERVER = new Set(["/api/auth/[...nextauth]"]);

async function discoverRoutes(): Promise<Route[]> {
  return (await discoverApiRoutes(NEEDS_SERVER)).map((r) => ({ ...r, handler: r.handler as Handler }));
}

const PARAM = /\[(\.\.\.)?([A-Za-z]+)\]/g;

function params(template: string, value: (name: string) => string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [, rest, name] of template.matchAll(PARAM)) out[name!] = rest ? [value(name!)] : value(name!);
  return out;
}

function urlOf(template: string, values: Record<string, string | string[]>, query = ""): string {
  const pathname = template.replace(PARAM, (_m, _rest, name: string) => {
    const v = values[name]!;
    // A URL cannot carry a lone surrogate: the handler still gets the raw value through `params`.
    return (Array.isArray(v) ? v : [v]).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "\ufffd"))).join("/");
  });
  return `http://localhost:3000${pathname}${query}`;
}

/**
 * How much of a hostile value goes into each query field when every field carries it at once: twice
 * the longest any schema allows (1,024), so every field still refuses or ignores it. At full length
 * the query would be 9 MB — a request line no server takes (Node answers 431 past 16 KiB before any
 * route runs) — and building and parsing it cost seconds per request, a third of the unit suite.
 */
const QUERY_VALUE_CHARS = 2_048;

const ORIGIN = { Origin: "http://localhost:3000", Host: "localhost:3000", "Sec-Fetch-Site": "same-origin" };

// NextRequest, as Next hands it to a route handler (next-auth reads its nextUrl).
function request(route: Route, values: Record<string, string | string[]>, opts: { query?: string; body?: string } = {}): Request {
  const url = urlOf(route.template, values, opts.query);
  if (route.method === "GET") return new NextRequest(url);
  return new NextRequest(url, {
    method: route.method,
    headers: { ...ORIGIN, "Content-Type": "application/json" },
    body: opts.body ?? "{}",
  });
}

let upstreamCalls: () => number;

async function send(route: Route, values: Record<string, string | string[]>, opts: { query?: string; body?: string } = {}) {
  // Only a session still owing its code may verify one; every other route takes a usable session.
  session.secondFactor = route.key === "POST /api/second-factor/verify" ? "pending" : "not_required";
  const before = upstreamCalls();
  const res = await route.handler(request(route, values, opts), { params: Promise.resolve(values) });
  const text = await res.text();
  return { status: res.status, calls: upstreamCalls() - before, text };
}

/** About how many cases a route gets below: what the files are balanced by. */
function casesOf(route: Route): number {
  const body = VALID_BODIES[route.key];
  return (
    1 +
    (route.template.includes("[") ? CORPUS.length : 0) +
    CORPUS.length +
    (route.method === "GET" ? 2 : CORPUS.length + HOSTILE_BODIES.length) +
    (body ? leafPaths(body()).length * CORPUS.length : 0)
  );
}

/** Every route in exactly one of `of` parts of about equal cases: the heaviest first, each to the lightest part so far. */
function shareOut(routes: Route[], of: number): Route[][] {
  const parts = Array.from({ length: of }, () => ({ routes: [] as Route[], cases: 0 }));
  const heaviestFirst = [...routes].sort((a, b) => casesOf(b) - casesOf(a) || a.key.localeCompare(b.key));
  for (const route of heaviestFirst) {
    const lightest = parts.reduce((min, part) => (part.cases < min.cases ? part : min));
    lightest.routes.push(route);
    lightest.cases += casesOf(route);
  }
  return parts.map((part) => part.routes);
}

/** The part of the routes (and of the other cases) a file runs: `shard` of `of`, counted from 1. */
export async function hostileInputSuite({ shard, of }: { shard: number; of: number }): Promise<void> {
  const allRoutes = await discoverRoutes();
  const routes = shareOut(allRoutes, of)[shard - 1]!;
  const FIELDS = schemaFieldNames();
  const SAMPLE_IDS: Record<string, string> = {};
  const sample = (name: string) => SAMPLE_IDS[name] ?? `sample_${name}`;

  beforeAll(async () => {
    const { db } = await import("@/server/db/client");
    const { demoMember } = await import("@/server/testing/demo-accounts");
    const admin = await demoMember("admin");
    const { createSession } = await import("@/server/auth/session-store");
    session.staff = { ...admin, sessionId: await createSession(await db(), admin.id, { userAgent: "hostile-input test", address: "" }) };
    // PATCH /api/staff/[id] needs a member that exists (and is not the last admin) to reach its body checks.
    const { createStaff } = await import("@/server/staff/service");
    const created = await createStaff({
      db: await db(),
      actor: session.staff,
      input: { email: "hostile.target@example.com", name: "Target", role: "ops", password: "a-long-enough-password-1" },
      requestId: "setup",
    });
    SAMPLE_IDS.id = created.member.id;
    const { embeddedSimulator } = await import("@/server/upstream/embedded-simulator");
    const stats = embeddedSimulator().stats;
    upstreamCalls = () => Object.values(stats.all()).reduce((a, b) => a + b, 0);
  }, 60_000);

  describe("hostile input × every route", () => {
    it.runIf(shard === 1)("finds every route file, the schemas' field names, and a route for each valid body", () => {
      for (const key of Object.keys(VALID_BODIES)) expect(allRoutes.map((r) => r.key)).toContain(key);
      expect(new Set(allRoutes.map((r) => r.template)).size).toBe(apiRouteFiles().length - NEEDS_SERVER.size);
      expect(FIELDS).toEqual(expect.arrayContaining(["staff", "email", "name"]));
    });

    for (const route of routes) {
      describe(route.key, () => {
        const hasParams = [...route.template.matchAll(PARAM)].length > 0;
        let baseline: { status: number; calls: number } | undefined;
        /** A hostile input the route refused without an upstream call, or one it ignored (the same answer as without it). */
        /**
         * For a query value: refused, ignored, or answered from our own tables alone (a search for
         * "constructor" finds nothing, and that is a fine answer) — never passed to the upstream.
         */
        const refusedIgnoredOrLocal = (got: { status: number; calls: number; text: string }, label: string) => {
          expect(got.status, `${label}: ${got.text.slice(0, 300)}`).toBeLessThan(500);
          if (got.status < 400)
            expect(got.calls, `${label}: reached the upstream: ${got.text.slice(0, 300)}`).toBeLessThanOrEqual(baseline?.calls ?? 0);
        };
        const refusedOrIgnored = (got: { status: number; calls: number; text: string }, label: string) => {
          expect(got.status, `${label}: ${got.text.slice(0, 300)}`).toBeLessThan(500);
          if (got.status === baseline?.status && got.calls === baseline.calls) return;
          expect(got.status, `${label}: accepted and acted on: ${got.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
          expect(got.calls, `${label}: refused only after an upstream call`).toBe(0);
        };

        it("answers without hostile input below 500 (the baseline)", async () => {
          // Twice: the first call may also fetch the upstream's access token.
          await send(route, params(route.template, sample));
          const got = await send(route, params(route.template, sample));
          expect(got.status, got.text.slice(0, 300)).toBeLessThan(500);
          baseline = { status: got.status, calls: got.calls };
        });

        if (hasParams) {
          for (const hostile of CORPUS) {
            it(`refuses ${hostile.label} as every path parameter`, async () => {
              const got = await send(
                route,
                params(route.template, () => hostile.value),
              );
              expect(got.status, got.text.slice(0, 300)).toBeLessThan(500);
              expectNotEchoed(got.text, hostile);
              if (hostile.wellFormed) {
                // A well-formed id ("constructor" is one) is an unknown id like the sample's, nothing more:
                // refused, or answered exactly as the unknown sample id was (an empty list from our own tables).
                if (got.status < 400) expect(got.status, `answered unlike an unknown id: ${got.text.slice(0, 300)}`).toBe(baseline?.status);
              } else {
                expect(got.status, got.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
                expect(got.calls, "an upstream call was made").toBe(0);
              }
            });
          }
        }

        for (const hostile of CORPUS) {
          it(`${hostile.label} as every query value: refused, ignored or answered locally`, async () => {
            const query = "?" + new URLSearchParams(FIELDS.map((f) => [f, hostile.value.slice(0, QUERY_VALUE_CHARS)])).toString();
            const got = await send(route, params(route.template, sample), { query });
            refusedIgnoredOrLocal(got, hostile.label);
            expectNotEchoed(got.text, hostile);
          });
        }

        if (route.method === "GET") {
          // The two values no database or upstream can take, one name at a time (all at once, the first
          // invalid name would hide the others); lengths and shapes are covered all at once above.
          for (const hostile of CORPUS.filter((h) => h.label === "NUL" || h.label === "lone surrogate")) {
            it(`${hostile.label} as each query value, one at a time: refused, ignored or answered locally`, async () => {
              for (const field of FIELDS) {
                const query = "?" + new URLSearchParams([[field, hostile.value]]).toString();
                refusedIgnoredOrLocal(await send(route, params(route.template, sample), { query }), `${hostile.label} in ?${field}`);
              }
              // One request per field name: many requests, not a slow one.
            }, 120_000);
          }
        }

        const validBody = VALID_BODIES[route.key];
        if (validBody) {
          for (const at of leafPaths(validBody())) {
            for (const hostile of CORPUS) {
              it(`${hostile.label} as ${at.join(".")} of an otherwise valid body: ${hostile.wellFormed ? "refused or accepted" : "refused"} before the upstream`, async () => {
                const got = await send(route, params(route.template, sample), {
                  body: JSON.stringify(withLeaf(validBody(), at, hostile.value)),
                });
                expect(got.status, got.text.slice(0, 300)).toBeLessThan(500);
                expectNotEchoed(got.text, hostile);
                if (hostile.wellFormed) return;
                expect(got.status, got.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
                expect(got.calls, "refused only after an upstream call").toBe(0);
              });
            }
          }
        }

        if (route.method !== "GET") {
          for (const hostile of CORPUS) {
            it(`${hostile.label} as every body field: refused or ignored`, async () => {
              const body = JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, hostile.value])));
              const got = await send(route, params(route.template, sample), { body });
              refusedOrIgnored(got, hostile.label);
              expectNotEchoed(got.text, hostile);
            });
          }
          for (const hostile of HOSTILE_BODIES) {
            it(`${hostile.label} as the whole body: refused or ignored`, async () => {
              refusedOrIgnored(await send(route, params(route.template, sample), { body: hostile.text }), hostile.label);
              expect(({} as Record<string, unknown>).polluted, "Object.prototype was polluted").toBeUndefined();
              expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
            });
          }
        }
      });
    }
  });

  /**
   * The webhook route refuses every unsigned body above before reading it; these reach its field
   * checks because they are signed with the process's own secret. A decided_at that no database can
   * hold, that is no real date, or that lies past the clock skew is a 400 naming decided_at.
   */
  const HOSTILE_DECIDED_AT: { label: string; value: unknown }[] = [
    { label: "year 0", value: "0000-01-01T00:00:00Z" },
    { label: "before year 1", value: "-000001-01-01T00:00:00Z" },
    { label: "year 10000", value: "10000-01-01T00:00:00Z" },
    { label: "the last instant JavaScript can hold", value: "+275760-09-13T00:00:00Z" },
    { label: "February 30th", value: "2026-02-30T00:00:00Z" },
    { label: "far in the future", value: "2999-01-01T00:00:00Z" },
    { label: "6 minutes after receipt", value: () => new Date(Date.now() + 6 * 60_000).toISOString() },
    { label: "not ISO 8601", value: "26/11/2026 10:00" },
    { label: "a huge number", value: 1e308 },
    { label: "a huge number as text", value: "1e400" },
    // The 20,000-character nesting is over the body limit: a 413 before any field is read.
    ...CORPUS.filter((h) => h.value.length <= 10_000).map((h) => ({ label: h.label, value: h.value })),
  ];

  if (shard !== 1) return;
  describe("signed verification webhooks × hostile decided_at", () => {
    const webhookRoute = () => allRoutes.find((r) => r.key === "POST /api/webhooks/card-verification")!;
    let serial = 0;
    async function deliver(decidedAt: unknown) {
      const { webhookAuth } = await import("@/server/webhooks/secret");
      const { webhookAuthHeaders } = await import("@/lib/contracts/webhooks");
      const auth = webhookAuth()!;
      const customer = `cus_hostile_time_${++serial}`;
      const body = JSON.stringify({
        event_id: `evt_hostile_time_${serial}`,
        customer_id: customer,
        status: "APPROVED",
        can_create_card: true,
        decided_at: decidedAt,
      });
      const headers = { "Content-Type": "application/json", ...(await webhookAuthHeaders(auth, body)) };
      const res = await webhookRoute().handler(
        new NextRequest("http://localhost:3000/api/webhooks/card-verification", { method: "POST", headers, body }),
        { params: Promise.resolve({}) },
      );
      return { status: res.status, text: await res.text() };
    }

    for (const hostile of HOSTILE_DECIDED_AT) {
      it(`refuses decided_at ${hostile.label} with a 400 naming decided_at`, async () => {
        const got = await deliver(typeof hostile.value === "function" ? hostile.value() : hostile.value);
        expect(got.status, got.text.slice(0, 300)).toBe(400);
        expect(JSON.parse(got.text).error).toMatchObject({ code: "malformed_event", field: "decided_at" });
      });
    }

    it("accepts a decided_at inside the skew (4 minutes after receipt) and one in the past", async () => {
      for (const decidedAt of [new Date(Date.now() + 4 * 60_000).toISOString(), "2026-01-01T00:00:00+01:00"]) {
        const got = await deliver(decidedAt);
        expect(got.status, got.text.slice(0, 300)).toBe(200);
      }
    });
  });
}
