import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import type { UpstreamApi } from "@/server/upstream/operations";
import { poolTransport } from "@/server/upstream/pool";
import { readContact } from "./contacts";

// The real client, over HTTP, to a local server that answers the update as the test says.
const upstreamApi = vi.hoisted(() => ({ current: undefined as UpstreamApi | undefined }));
vi.mock("@/server/upstream/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/server/upstream/client")>()),
  upstream: () => upstreamApi.current!,
}));

const { createUpstream } = await import("@/server/upstream/client");
const { updateContact } = await import("./contact-update");

let database: Db;
withFreshDatabase((d) => (database = d));

const staff: StaffMember = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "ops@example.com",
  name: "Ops",
  role: "ops",
  status: "active",
};

/** How the local server answers the next update: a status and a body, sent as given. */
let updateAnswer: { status: number; body: string } = { status: 200, body: "{}" };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.endsWith("/auth")) {
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify({ access_token: "tok", token: { expires_at: Date.now() / 1000 + 3600 } }));
    }
    req.resume();
    res.writeHead(updateAnswer.status);
    res.end(updateAnswer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  upstreamApi.current = createUpstream({
    baseUrl,
    transport: poolTransport(baseUrl),
    credentials: { businessId: "biz", secretKey: "secret" },
    timeoutMs: 5_000,
  }).api;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function auditedFor(requestId: string) {
  return database
    .select({ outcome: auditLog.outcome })
    .from(auditLog)
    .where(and(eq(auditLog.action, "customer.contact.update"), eq(auditLog.requestId, requestId)));
}

describe("a contact update the upstream accepts with no body", () => {
  it.each([
    ["204", 204, "cus_ct_204"],
    ["205", 205, "cus_ct_205"],
    ["an empty 200", 200, "cus_ct_200"],
  ])("(%s) is a success: audited as one, and the contact copy is saved", async (_, status, customerId) => {
    updateAnswer = { status, body: "" };
    const requestId = `req-${customerId}`;
    const result = await updateContact({
      db: database,
      input: { id: customerId, email: "new@example.com" },
      actor: staff,
      requestId,
    });
    expect(result).toEqual({ message: "The customer's contact details were updated.", fields_changed: ["email"] });
    expect(await auditedFor(requestId)).toEqual([{ outcome: "success" }]);
    expect(await readContact(database, customerId)).toMatchObject({ email: "new@example.com", updated_by: staff.email });
  });

  it("still shows the upstream's message when it sends one", async () => {
    updateAnswer = { status: 200, body: JSON.stringify({ message: "Updated upstream." }) };
    const result = await updateContact({
      db: database,
      input: { id: "cus_ct_msg", phone_number: "+14155550123" },
      actor: staff,
      requestId: "req-msg",
    });
    expect(result.message).toBe("Updated upstream.");
  });
});
