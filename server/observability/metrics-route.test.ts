import { beforeAll, describe, expect, it, vi } from "vitest";
import { verificationWebhookRequest } from "@/lib/contracts/webhooks";
import type { StaffMember } from "@/server/auth/staff-repo";
import { decisionPayload } from "@/server/simulator/webhook-delivery";
import { demoMember } from "@/server/testing/demo-accounts";

// The real routes, database and embedded simulator; only the session is faked.
const TOKEN = "metrics-test-token-0123456789";
vi.stubEnv("METRICS_TOKEN", TOKEN);
const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", async (original) => ({ ...(await original<object>()), currentStaff: async () => session.staff }));

const metricsRoute = await import("@/app/api/metrics/route");
const bill = await import("@/app/api/v1/bills/[id]/route");
const webhook = await import("@/app/api/webhooks/card-verification/route");
const { metricsEndpoint } = await import("./metrics-endpoint");
const { outsideRoute } = await import("@/server/http/route");
const { getMetrics } = await import("@/lib/contracts/ops");

const BASE = "http://localhost:3000";
const BILL_ID = "bill_elec_0001";
const scrape = (headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) =>
  metricsRoute.GET(new Request(`${BASE}/api/metrics`, { headers }));
const readBill = (staff: StaffMember) => {
  session.staff = staff;
  return bill.GET(new Request(`${BASE}/api/v1/bills/${BILL_ID}`), { params: Promise.resolve({ id: BILL_ID }) });
};

/** The value of one series, found by its exact label set (in prom-client's order). */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  const rendered = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(",");
  const line = text.split("\n").find((l) => l.startsWith(`${name}{${rendered}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

let finance: StaffMember;
let ops: StaffMember;
beforeAll(async () => {
  finance = await demoMember("finance");
  ops = await demoMember("ops");
}, 180_000);

describe("GET /api/metrics — who may read it", () => {
  it("does not exist (404) while METRICS_TOKEN is unset, whatever is sent", async () => {
    const unset = outsideRoute(
      getMetrics,
      metricsEndpoint(() => undefined),
    );
    const res = await unset(new Request(`${BASE}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } }));
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("http_server_request_duration_seconds");
  });

  it.each([
    ["no Authorization header", {}],
    ["a wrong token", { Authorization: "Bearer metrics-test-token-0123456788" }],
    ["a prefix of the token", { Authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ["the token under another scheme", { Authorization: `Basic ${TOKEN}` }],
    ["the token with something after it", { Authorization: `Bearer ${TOKEN} ${TOKEN}` }],
  ])("answers 401 with %s, and shows no metric", async (_, headers) => {
    const res = await scrape(headers);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ error: { code: "unauthenticated" } });
    expect(body).not.toContain("_seconds");
  });

  it("answers as every route answers: a request id on each answer, refusals in the API's envelope", async () => {
    const unset = await outsideRoute(
      getMetrics,
      metricsEndpoint(() => undefined),
    )(new Request(`${BASE}/api/metrics`));
    const refused = await scrape({});
    const served = await scrape();
    for (const res of [unset, refused, served]) {
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    for (const res of [unset, refused]) expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await unset.json()).toEqual({ error: { code: "not_found", message: "Nothing is served at this address." } });
    expect(await refused.json()).toEqual({
      error: { code: "unauthenticated", message: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>." },
    });
    expect(served.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe("GET /api/metrics — what it shows after BFF requests", () => {
  let text = "";
  beforeAll(async () => {
    expect((await readBill(finance)).status).toBe(200);
    expect((await readBill(finance)).status).toBe(200);
    // Refused by role: audited as denied.
    expect((await readBill(ops)).status).toBe(403);
    // A webhook delivery without a valid signature.
    const forged = await verificationWebhookRequest(
      `${BASE}/api/webhooks/card-verification`,
      { mode: "hmac", secret: "not-the-configured-secret-0123" },
      decisionPayload({
        eventId: "evt_forged",
        customerId: "cus_forged",
        status: "APPROVED",
        canCreateCard: true,
        decidedAt: new Date().toISOString(),
      }),
    );
    expect((await webhook.POST(forged)).status).toBe(401);
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    text = await res.text();
  }, 60_000);

  it("times our API by route template, method and status", () => {
    const route = { http_route: "/api/v1/bills/[id]", http_request_method: "GET" };
    expect(text).toContain("# TYPE http_server_request_duration_seconds histogram");
    expect(series(text, "http_server_request_duration_seconds_count", { ...route, http_response_status_code: "200" })).toBe(2);
    expect(series(text, "http_server_request_duration_seconds_count", { ...route, http_response_status_code: "403" })).toBe(1);
    expect(series(text, "http_server_request_duration_seconds_bucket", { le: "+Inf", ...route, http_response_status_code: "200" })).toBe(2);
  });

  it("times each upstream call by the spec's operation, and counts the token acquisition", () => {
    expect(text).toContain("# TYPE http_client_request_duration_seconds histogram");
    expect(
      series(text, "http_client_request_duration_seconds_count", {
        url_template: "/bills/{id}",
        http_request_method: "GET",
        http_response_status_code: "200",
      }),
    ).toBe(2);
    expect(
      series(text, "http_client_request_duration_seconds_count", {
        url_template: "/auth",
        http_request_method: "POST",
        http_response_status_code: "200",
      }),
    ).toBe(1);
    expect(series(text, "upstream_token_acquisitions_total", { outcome: "success" })).toBe(1);
    expect(text).toContain("# TYPE upstream_token_singleflight_waits_total counter");
  });

  it("counts audit appends and webhook deliveries by outcome", () => {
    expect(series(text, "audit_appends_total", { action: "bill.read", outcome: "denied" })).toBe(1);
    expect(series(text, "webhook_deliveries_total", { outcome: "invalid_signature" })).toBe(1);
    expect(text).toContain("# TYPE card_issuances_total counter");
    expect(text).toContain("# TYPE bvn_lookups_total counter");
  });

  it("shows the database connections and the process's own metrics", () => {
    expect(text).toMatch(
      /^db_client_connection_count\{db_client_connection_pool_name="(pglite|pg)",db_client_connection_state="used"\} \d+$/m,
    );
    expect(text).toMatch(/^db_client_connection_pending_requests\{db_client_connection_pool_name="(pglite|pg)"\} \d+$/m);
    expect(text).toMatch(
      /^db_client_operation_duration_seconds_count\{db_system_name="(pglite|postgresql)",db_operation_name="[A-Za-z]+"\} \d+$/m,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \S+$/m);
  });

  it("carries no id in any label: templates, methods, statuses and outcomes only", () => {
    expect(text).not.toContain(BILL_ID);
    expect(text).not.toContain(finance.email);
    const routes = [...text.matchAll(/http_route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of new Set(routes)) expect(route).toMatch(/^\/api(\/([a-z0-9-]+|\[[A-Za-z]+\]))+$/);
    const templates = [...text.matchAll(/url_template="([^"]*)"/g)].map((m) => m[1]!);
    for (const template of new Set(templates)) expect(template).toMatch(/^(\/([a-z-]+|\{[A-Za-z]+\}))+$/);
  });
});
