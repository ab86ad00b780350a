import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { auditLog, customerContactClaims } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import type { UpstreamApi } from "@/server/upstream/operations";
import { poolTransport } from "@/server/upstream/pool";
import { claimContactUpdate, readContact } from "./contacts";
import { UPSTREAM_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";

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

/** The customer's contact claim ends now, as if its time had passed. */
async function claimRunsOut(customerId: string) {
  await database
    .update(customerContactClaims)
    .set({ claimedUntil: sql`now() - interval '1 millisecond'` })
    .where(eq(customerContactClaims.customerId, customerId));
}

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

describe("two members editing one customer's contact at once", () => {
  const colleague: StaffMember = { ...staff, id: "00000000-0000-4000-8000-000000000002", email: "colleague@example.com" };

  /**
   * The real client behind a stand-in that remembers the email the upstream holds: each update is
   * applied when the (real) call returns, and the first call's answer is delayed after that, as a
   * slow network back would.
   */
  function upstreamHolding() {
    const real = upstreamApi.current!;
    const state = { held: undefined as string | undefined, calls: 0 };
    upstreamApi.current = {
      ...real,
      updateCustomer: async (id, body) => {
        const first = state.calls++ === 0;
        const answer = await real.updateCustomer(id, body);
        if (body.email !== undefined) state.held = body.email;
        if (first) await new Promise((resolve) => setTimeout(resolve, 300));
        return answer;
      },
    };
    return { state, restore: () => (upstreamApi.current = real) };
  }

  it("keeps the stored contact equal to what the upstream holds", async () => {
    updateAnswer = { status: 200, body: "{}" };
    const customerId = "cus_ct_race";
    const upstream = upstreamHolding();
    try {
      const first = updateContact({
        db: database,
        input: { id: customerId, email: "first@example.com" },
        actor: staff,
        requestId: "req-race-a",
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = updateContact({
        db: database,
        input: { id: customerId, email: "second@example.com" },
        actor: colleague,
        requestId: "req-race-b",
      }).catch((error: unknown) => error);
      const refused = (await Promise.all([first, second]))[1];
      expect((await readContact(database, customerId)).email).toBe(upstream.state.held);
      // The colleague's edit is refused while the first is in flight, and never sent.
      expect(refused).toMatchObject({ status: 409, code: "conflict" });
      expect(upstream.state.calls).toBe(1);

      // Once the first has answered, the colleague's edit goes through and is what both hold.
      await updateContact({
        db: database,
        input: { id: customerId, email: "second@example.com" },
        actor: colleague,
        requestId: "req-race-c",
      });
      expect(upstream.state.held).toBe("second@example.com");
      expect(await readContact(database, customerId)).toMatchObject({ email: "second@example.com", updated_by: colleague.email });
    } finally {
      upstream.restore();
    }
  });

  it("keeps a colleague's later update when the first one's save comes after its claim expired", async () => {
    updateAnswer = { status: 200, body: "{}" };
    const customerId = "cus_ct_outlived";
    const real = upstreamApi.current!;
    let colleagueDone: Promise<unknown> | undefined;
    upstreamApi.current = {
      ...real,
      updateCustomer: async (id, body) => {
        const answer = await real.updateCustomer(id, body);
        if (body.email === "first@example.com") {
          // Applied upstream; then this instance stalls past its claim, and a colleague's edit is
          // claimed, sent, applied and saved before the first is saved.
          await claimRunsOut(customerId);
          colleagueDone = updateContact({
            db: database,
            input: { id: customerId, email: "second@example.com" },
            actor: colleague,
            requestId: "req-outlived-b",
          });
          await colleagueDone;
        }
        return answer;
      },
    };
    try {
      await updateContact({
        db: database,
        input: { id: customerId, email: "first@example.com", phone_number: "+14155550142" },
        actor: staff,
        requestId: "req-outlived-a",
      });
      await colleagueDone;
      // The upstream holds the colleague's email (sent second) and the first update's phone number.
      expect(await readContact(database, customerId)).toMatchObject({
        email: "second@example.com",
        phone_number: "+14155550142",
        updated_by: colleague.email,
      });
      expect(await auditedFor("req-outlived-a")).toEqual([{ outcome: "success" }]);
      expect(await auditedFor("req-outlived-b")).toEqual([{ outcome: "success" }]);
    } finally {
      upstreamApi.current = real;
    }
  });

  it("after a timeout, keeps the customer claimed until the claim ends: the update may still land upstream", async () => {
    const customerId = "cus_ct_timeout";
    const real = upstreamApi.current!;
    upstreamApi.current = {
      ...real,
      updateCustomer: () =>
        Promise.reject(fail(UPSTREAM_ERRORS, "upstream_timeout", "The payments API did not answer in time. Try again.")),
    };
    try {
      await expect(
        updateContact({ db: database, input: { id: customerId, email: "late@example.com" }, actor: staff, requestId: "req-timeout" }),
      ).rejects.toMatchObject({ status: 504, code: "upstream_timeout", message: expect.stringContaining("may still be applied") });
    } finally {
      upstreamApi.current = real;
    }
    updateAnswer = { status: 200, body: "{}" };
    await expect(
      updateContact({
        db: database,
        input: { id: customerId, email: "next@example.com" },
        actor: colleague,
        requestId: "req-after-timeout",
      }),
    ).rejects.toMatchObject({ status: 409, code: "conflict" });
    expect(await database.select().from(customerContactClaims).where(eq(customerContactClaims.customerId, customerId))).toHaveLength(1);
    // Once the claim has run out, the next edit goes through.
    await claimRunsOut(customerId);
    await updateContact({ db: database, input: { id: customerId, email: "next@example.com" }, actor: colleague, requestId: "req-later" });
    expect((await readContact(database, customerId)).email).toBe("next@example.com");
  });

  it("frees the customer for the next edit when the upstream refuses one", async () => {
    const customerId = "cus_ct_refused";
    updateAnswer = { status: 400, body: JSON.stringify({ message: "Invalid email." }) };
    await expect(
      updateContact({ db: database, input: { id: customerId, email: "bad@example.com" }, actor: staff, requestId: "req-refused" }),
    ).rejects.toMatchObject({ status: 400 });
    updateAnswer = { status: 200, body: "{}" };
    await updateContact({ db: database, input: { id: customerId, email: "good@example.com" }, actor: colleague, requestId: "req-after" });
    expect((await readContact(database, customerId)).email).toBe("good@example.com");
  });

  it("takes over an edit left behind by a crashed instance once its claim expires", async () => {
    const customerId = "cus_ct_crashed";
    expect(await claimContactUpdate({ db: database, customerId, claimId: "crashed-instance", claimMs: 60_000 })).toBe(true);
    updateAnswer = { status: 200, body: "{}" };
    await expect(
      updateContact({ db: database, input: { id: customerId, email: "late@example.com" }, actor: staff, requestId: "req-blocked" }),
    ).rejects.toMatchObject({ status: 409, code: "conflict" });
    await claimRunsOut(customerId);
    await updateContact({ db: database, input: { id: customerId, email: "late@example.com" }, actor: staff, requestId: "req-takeover" });
    expect((await readContact(database, customerId)).email).toBe("late@example.com");
    expect(await database.select().from(customerContactClaims).where(eq(customerContactClaims.customerId, customerId))).toEqual([]);
  });
});
