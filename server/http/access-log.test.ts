import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { log } from "@/server/log";
import { fakeStaff } from "@/server/testing/staff";
import { z } from "@/lib/validation/zod";
import { contract } from "@/lib/contracts/contract";
import { routeTemplate } from "./access-log";

const session = vi.hoisted(() => ({ staff: null as StaffMember | null }));
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.staff }));
vi.mock("@/server/audit/writer", () => ({ writeAuditQuietly: async () => undefined, writeAudit: async () => undefined }));

const { route } = await import("./route");

const customer = route(
  contract({
    method: "GET",
    path: "/api/v1/customers/[id]",
    capability: "verification.read",
    action: "customer.read",
    response: z.object({ ok: z.boolean() }),
    errors: [],
  }),
  async () => ({ ok: true }),
);

afterEach(() => vi.restoreAllMocks());

describe("access log", () => {
  it("writes one line per request with its id, route, status and duration, and no identifiers or query", async () => {
    const lines: unknown[] = [];
    vi.spyOn(log, "isLevelEnabled").mockReturnValue(true);
    vi.spyOn(log, "info").mockImplementation(((obj: unknown) => void lines.push(obj)) as typeof log.info);
    session.staff = fakeStaff("ops");
    const url = "http://localhost:3000/api/v1/customers/cus_8f2a91/contact?email=jane.doe%40example.com";
    const res = await customer(new Request(url), { params: Promise.resolve({ id: "cus_8f2a91" }) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      method: "GET",
      route: "/api/v1/customers/[id]/contact",
      status: res.status,
      requestId: res.headers.get("x-request-id"),
    });
    expect((lines[0] as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(0);
    const written = JSON.stringify(lines[0]);
    expect(written).not.toContain("cus_8f2a91");
    expect(written).not.toContain("jane.doe");
  });

  it("logs refusals too, with their status", async () => {
    const lines: unknown[] = [];
    vi.spyOn(log, "isLevelEnabled").mockReturnValue(true);
    vi.spyOn(log, "info").mockImplementation(((obj: unknown) => void lines.push(obj)) as typeof log.info);
    session.staff = null;
    const res = await customer(new Request("http://localhost:3000/api/v1/customers/cus_1/contact"), {
      params: Promise.resolve({ id: "cus_1" }),
    });
    expect(res.status).toBe(401);
    expect(lines).toMatchObject([{ route: "/api/v1/customers/[id]/contact", status: 401 }]);
  });

  it("builds no line when the level would not write it (LOG_LEVEL=warn)", async () => {
    vi.spyOn(log, "isLevelEnabled").mockImplementation((level) => level !== "info" && level !== "debug" && level !== "trace");
    const info = vi.spyOn(log, "info");
    session.staff = fakeStaff("ops");
    const res = await customer(new Request("http://localhost:3000/api/v1/customers/cus_1"), { params: Promise.resolve({ id: "cus_1" }) });
    expect(res.status).toBe(200);
    expect(info).not.toHaveBeenCalled();
  });

  it("names catch-all segments and encoded values by their parameter", () => {
    expect(routeTemplate("/api/v1/bills/a%20b/x/y", { id: "a b", rest: ["x", "y"] })).toBe("/api/v1/bills/[id]/[rest]/[rest]");
  });
});
