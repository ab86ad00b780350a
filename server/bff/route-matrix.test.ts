import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { can, roles, type Capability } from "@/lib/permissions";
import type { StaffMember } from "@/server/auth/staff-repo";
import { fakeStaff, jsonRequest } from "@/server/testing/staff";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({ writeAuditQuietly: async () => {}, writeAudit: async () => {} }));

/**
 * Every BFF route with the capability the design's matrix gives it. A new route file that is not
 * listed here fails the first test, so no route can ship without its row in the matrix.
 */
const MATRIX: Record<string, Capability> = {
  "GET /api/v1/business": "business.read",
  "GET /api/v1/transactions/[id]": "finance.read",
  "GET /api/v1/bills/[id]": "finance.read",
  "GET /api/v1/bills/categories/[id]": "finance.read",
  "GET /api/v1/bills/categories/[id]/items/[itemId]": "finance.read",
  "GET /api/v1/cards/[id]/transactions": "finance.read",
  "GET /api/v1/cards/[id]/transactions/[transactionId]": "finance.read",
  "GET /api/v1/cards/[id]/transactions/export": "finance.read",
  "GET /api/v1/cards/[id]/transactions/progress": "finance.read",
  "GET /api/v1/collections/[id]": "finance.read",
  "POST /api/v1/identity/bvn": "bvn.lookup",
  "POST /api/v1/identity/bvn/recent": "bvn.lookup",
  "POST /api/v1/identity/bvn/lookups/[id]/reveal": "bvn.lookup",
  "GET /api/audit": "audit.read",
  "GET /api/audit/chain": "audit.read",
  "GET /api/audit/export": "audit.read",
  "GET /api/staff": "staff.manage",
  "POST /api/staff": "staff.manage",
  "PATCH /api/staff/[id]": "staff.manage",
  "POST /api/staff/[id]/sessions/end": "staff.sessions",
  "GET /api/account/sessions": "account.self",
  "POST /api/account/sessions/[id]/end": "account.self",
  "GET /api/account/second-factor": "account.self",
  "POST /api/account/second-factor/step-up": "account.self",
  "POST /api/account/second-factor/disable": "account.self",
  "GET /api/staff/second-factor": "staff.manage",
  "POST /api/staff/second-factor": "staff.manage",
  "POST /api/staff/[id]/second-factor/reset": "staff.manage",

  "POST /api/account/password": "account.self",
  "GET /api/account/preferences": "account.self",
  "PATCH /api/account/preferences": "account.self",
  "POST /api/staff/[id]/password/reset": "staff.manage",
  "GET /api/v1/customers/[id]/card-verification": "verification.read",
  "POST /api/v1/customers/[id]/card-verification": "verification.submit",
  "POST /api/v1/customers/[id]/update": "customer.contact.edit",
  "POST /api/v1/cards": "verification.submit",
  "GET /api/v1/customers/[id]/cards": "verification.read",
  "GET /api/v1/verification-events": "verification.read",
  "POST /api/v1/bills/[id]/token": "finance.read",
  "POST /api/v1/checkouts/[accountNo]/credit": "credit.simulate",
  "GET /api/v1/activity": "business.read",
  "GET /api/v1/customers/[id]/contact": "verification.read",

  "GET /api/v1/search": "account.self",
};

const APP_DIR = path.join(process.cwd(), "app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

async function discoverRoutes() {
  const found: { key: string; handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>; template: string }[] = [];
  const dirs = [["api", "v1"], ["api", "audit"], ["api", "staff"], ["api", "account"]].map((d) => path.join(APP_DIR, ...d));
  for (const file of dirs.flatMap(routeFiles)) {
    const template = "/" + path.relative(APP_DIR, path.dirname(file)).split(path.sep).join("/");
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      if (typeof mod[method] === "function") found.push({ key: `${method} ${template}`, handler: mod[method] as never, template });
    }
  }
  return found;
}

function sampleParams(template: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of template.matchAll(/\[([A-Za-z]+)\]/g)) params[name!] = `sample_${name}`;
  return params;
}

const routes = await discoverRoutes();

// Opening the in-memory database (and migrating it) takes seconds under load: not a route's time.
beforeAll(async () => {
  const { db } = await import("@/server/db/client");
  await db();
});

beforeEach(() => {
  session.staff = null;
});

describe("permission matrix × BFF routes", () => {
  it("lists every route file, and every listed route exists", () => {
    expect(routes.map((r) => r.key).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  for (const route of routes) {
    const capability = MATRIX[route.key];
    if (!capability) continue;
    it(`${route.key} answers 401 without a session`, async () => {
      const res = await route.handler(makeRequest(route.key), { params: Promise.resolve(sampleParams(route.template)) });
      expect(res.status).toBe(401);
    });
    for (const role of roles) {
      const allowed = can(role, capability);
      it(`${route.key} ${allowed ? "lets" : "refuses"} ${role}`, async () => {
        session.staff = fakeStaff(role);
        const res = await route.handler(makeRequest(route.key), { params: Promise.resolve(sampleParams(route.template)) });
        if (allowed) expect(res.status).not.toBe(403);
        else {
          expect(res.status).toBe(403);
          expect(await res.json()).toMatchObject({ error: { code: "forbidden" } });
        }
      });
    }
  }
});

function makeRequest(key: string): Request {
  const [method, template] = key.split(" ") as [string, string];
  const url = `http://localhost:3000${template.replace(/\[([A-Za-z]+)\]/g, "sample_$1")}`;
  return method === "GET" ? new Request(url) : new Request(jsonRequest(url, {}), { method });
}
