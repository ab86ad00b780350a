import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

// The cookie still holds a valid session; only the staff row changes underneath it.
const cookie = vi.hoisted(() => ({ session: null as { staffId?: string; loginAt?: number } | null }));
vi.mock("next-auth", () => ({ getServerSession: async () => cookie.session }));
vi.mock("./options", () => ({ authOptions: () => ({}) }));

const { currentStaff } = await import("./session");

let database: Db;
let id: string;

beforeAll(async () => {
  database = await db();
  const [row] = await database.insert(staff).values({ email: "session.test@example.com", name: "Session Test", role: "ops", passwordHash: "x" }).returning();
  id = row!.id;
});

describe("currentStaff", () => {
  it("returns the member of an open session, read from the row", async () => {
    cookie.session = { staffId: id, loginAt: Date.now() };
    expect(await currentStaff()).toMatchObject({ id, email: "session.test@example.com", role: "ops", status: "active" });
  });

  it("follows a role change at the next request", async () => {
    cookie.session = { staffId: id, loginAt: Date.now() };
    await database.update(staff).set({ role: "compliance" }).where(eq(staff.id, id));
    expect((await currentStaff())?.role).toBe("compliance");
  });

  it("returns null once the account is disabled, although the session cookie is still valid", async () => {
    cookie.session = { staffId: id, loginAt: Date.now() };
    await database.update(staff).set({ status: "disabled" }).where(eq(staff.id, id));
    expect(await currentStaff()).toBeNull();
    await database.update(staff).set({ status: "active" }).where(eq(staff.id, id));
    expect(await currentStaff()).not.toBeNull();
  });

  it("returns null without a session, past the absolute limit, or for an unknown id", async () => {
    cookie.session = null;
    expect(await currentStaff()).toBeNull();
    cookie.session = { staffId: id, loginAt: Date.now() - 13 * 60 * 60 * 1000 };
    expect(await currentStaff()).toBeNull();
    cookie.session = { staffId: "00000000-0000-4000-8000-00000000dead", loginAt: Date.now() };
    expect(await currentStaff()).toBeNull();
  });
});
