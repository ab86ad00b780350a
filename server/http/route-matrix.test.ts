import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Contract, declaresError, keyOf } from "@/lib/contracts/contract";
import { allContracts } from "@/lib/contracts";
import { can, roles } from "@/lib/permissions";
import type { StaffMember } from "@/server/auth/staff-repo";
import { discoverApiRoutes, type RouteHandler } from "@/server/testing/route-files";
import { fakeStaff, jsonRequest } from "@/server/testing/staff";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", async (original) => ({
  ...(await original<object>()),
  currentStaff: async () => session.staff,
  currentSignIn: async () => null,
}));
vi.mock("@/server/audit/writer", () => ({ writeAuditQuietly: async () => {}, writeAudit: async () => {} }));

/** The auth library's own catch-all route: its endpoints are next-auth's, not ours to declare. */
const LIBRARY_ROUTES = new Set(["GET /api/auth/[...nextauth]", "POST /api/auth/[...nextauth]"]);

type Handler = RouteHandler & { contract?: Contract };

async function discoverRoutes() {
  const found = (await discoverApiRoutes()).map((r) => ({ key: r.key, handler: r.handler as Handler }));
  return found.filter((r) => !LIBRARY_ROUTES.has(r.key));
}

function sampleParams(template: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of template.matchAll(/\[([A-Za-z]+)\]/g)) params[name!] = `sample_${name}`;
  return params;
}

const routes = await discoverRoutes();
const staffRoutes = routes.filter((r) => r.handler.contract?.capability);

// Opening the in-memory database (and migrating it) takes seconds under load: not a route's time.
beforeAll(async () => {
  const { db } = await import("@/server/db/client");
  await db();
});

beforeEach(() => {
  session.staff = null;
});

describe("contracts × route files", () => {
  it("every route file serves a contract, declared for its own method and path", () => {
    const mismatched = routes.filter((r) => !r.handler.contract || keyOf(r.handler.contract) !== r.key).map((r) => r.key);
    expect(mismatched).toEqual([]);
  });

  it("every contract has its route file, and no two contracts share an endpoint", () => {
    const declared = allContracts.map(keyOf).sort();
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared).toEqual(routes.map((r) => r.key).sort());
  });

  it("no contract lets an undeclared code through (the upstream's own codes travel in upstream_code, never in code)", () => {
    const open = allContracts
      .filter((c) => declaresError(c, "SOMETHING_THE_UPSTREAM_MADE_UP") || declaresError(c, "KYC_INCOMPLETE"))
      .map(keyOf);
    expect(open).toEqual([]);
  });
});

describe("permission matrix × routes", () => {
  for (const { key, handler } of staffRoutes) {
    const contract = handler.contract!;
    it(`${key} answers 401 without a session`, async () => {
      const res = await handler(makeRequest(key), { params: Promise.resolve(sampleParams(contract.path)) });
      expect(res.status).toBe(401);
    });
    for (const role of roles) {
      const allowed = can(role, contract.capability!);
      it(`${key} ${allowed ? "serves" : "refuses"} ${role}`, async () => {
        session.staff = fakeStaff(role);
        const res = await handler(makeRequest(key), { params: Promise.resolve(sampleParams(contract.path)) });
        if (!allowed) {
          expect(res.status).toBe(403);
          expect(await res.json()).toMatchObject({ error: { code: "forbidden" } });
          return;
        }
        // Allowed: a 2xx, or a failure the contract declares (a sample id may not exist) — never a 403 or a 500.
        if (res.status >= 200 && res.status < 300) return;
        const body = (await res.json()) as { error?: { code?: string } };
        expect({ status: res.status, code: body.error?.code, declared: declaresError(contract, body.error?.code ?? "") }).toMatchObject({
          declared: true,
        });
        expect(res.status).not.toBe(403);
        expect(res.status).toBeLessThan(500);
      });
    }
  }
});

describe("a member owing a new password × routes", () => {
  // After an administrator's reset only the member's own account works: every other route, those
  // every role may use (search, approvals, saved views) included, answers 403 password_change_required.
  for (const { key, handler } of staffRoutes) {
    const contract = handler.contract!;
    const ownAccount = contract.path.startsWith("/api/account/");
    it(`${key} ${ownAccount ? "serves" : "refuses"} an administrator owing a new password`, async () => {
      session.staff = { ...fakeStaff("admin"), mustChangePassword: true } as StaffMember;
      const res = await handler(makeRequest(key), { params: Promise.resolve(sampleParams(contract.path)) });
      const code = res.status === 403 ? ((await res.json()) as { error?: { code?: string } }).error?.code : undefined;
      expect({ status: res.status, code }).toMatchObject(
        ownAccount ? { code: expect.not.stringMatching(/^password_change_required$/) } : { status: 403, code: "password_change_required" },
      );
    });
  }
});

function makeRequest(key: string): Request {
  const [method, template] = key.split(" ") as [string, string];
  const url = `http://localhost:3000${template.replace(/\[([A-Za-z]+)\]/g, "sample_$1")}`;
  return method === "GET" ? new Request(url) : new Request(jsonRequest(url, {}), { method });
}
