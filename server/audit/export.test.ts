import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "@/lib/permissions";
import type { Db } from "@/server/db/types";
import { addStaff } from "@/server/testing/staff";

// The cookie names whichever session the test put in it; the session check and the database are real.
const cookie = vi.hoisted(() => ({ session: null as { staffId?: string; sid?: string } | null }));
vi.mock("@/server/auth/session-cookie", () => ({ currentSessionClaims: async () => cookie.session }));

const exportRoute = await import("@/app/api/audit/export/route");
const { db: openDb } = await import("@/server/db/client");
const { auditLog } = await import("@/server/db/schema");
const { createSession } = await import("@/server/auth/session-store");
const { toMember } = await import("@/server/auth/staff-repo");
const { updateStaff } = await import("@/server/staff/service");
const { EXPORT_ENDED } = await import("./export");

const ROWS = 7_000;
const ACTION = "export.test.row";
let database: Db;

beforeAll(async () => {
  database = await openDb();
  for (let start = 0; start < ROWS; start += 1_000) {
    const rows = Array.from({ length: 1_000 }, (_, i) => ({
      requestId: `r${start + i}`,
      action: ACTION,
      outcome: "success" as const,
      prevHash: "x",
      hash: `h${start + i}`,
    }));
    await database.insert(auditLog).values(rows);
  }
}, 120_000);

/** An administrator signed in with a stored session, the cookie naming it. */
async function signedInAdmin() {
  const row = await addStaff({ db: database, role: "admin", password: "a-long-enough-password-1", emailPrefix: "export" });
  const sid = await createSession(database, row.id, { address: "10.0.0.1", userAgent: "vitest" });
  cookie.session = { staffId: row.id, sid };
  return toMember(row);
}

/** The export as a member asks for it: through its route, whose `stillAdmitted` the stream awaits before each batch. */
async function startExport() {
  const res = await exportRoute.GET(new Request(`http://localhost:3000/api/audit/export?action=${ACTION}&tz=UTC`));
  expect(res.status).toBe(200);
  return res.body!.getReader();
}

const decoder = new TextDecoder();
const rowsIn = (chunk: Uint8Array) => decoder.decode(chunk).split(ACTION).length - 1;

/** Reads what is left; how many test rows arrived, and the error that ended the stream if one did. */
async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<{ rows: number; error: unknown }> {
  let rows = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { rows, error: null };
      rows += rowsIn(value);
    }
  } catch (error) {
    return { rows, error };
  }
}

/** The member reads the header and the first 2,000 rows, then `change` happens to their account. */
async function exportInterrupted(change: (member: { id: string }) => Promise<unknown>) {
  const member = await signedInAdmin();
  const reader = await startExport();
  expect(rowsIn((await reader.read()).value!)).toBe(0); // the header
  expect(rowsIn((await reader.read()).value!)).toBe(2_000);
  await change(member);
  return readRest(reader);
}

describe("GET /api/audit/export, re-checked batch by batch", () => {
  it("delivers the whole trail to a member who stays allowed", async () => {
    const result = await exportInterrupted(async () => undefined);
    expect(result).toEqual({ rows: ROWS - 2_000, error: null });
  });

  it("stops with an error, sending no further row, once another admin disables the exporting admin", async () => {
    const other = await addStaff({ db: database, role: "admin", password: "a-long-enough-password-1", emailPrefix: "export-other" });
    const result = await exportInterrupted((member) =>
      updateStaff({ db: database, actor: toMember(other), input: { id: member.id, status: "disabled" }, requestId: randomUUID() }),
    );
    expect(result.rows).toBe(0);
    expect(result.error).toBeInstanceOf(Error);
    expect((result.error as Error).message).toBe(EXPORT_ENDED);
  });

  it("stops once the member's role no longer reads the audit trail", async () => {
    const other = await addStaff({ db: database, role: "admin", password: "a-long-enough-password-1", emailPrefix: "export-other" });
    const role: Role = "finance";
    const result = await exportInterrupted((member) =>
      updateStaff({ db: database, actor: toMember(other), input: { id: member.id, role }, requestId: randomUUID() }),
    );
    expect(result.rows).toBe(0);
    expect((result.error as Error).message).toBe(EXPORT_ENDED);
  });
});
