import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { verifyPassword } from "./password";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const EMAILS = DEMO_ACCOUNTS.map((account) => account.email);

/** A start of the back-office with these variables: the demo accounts synced as server/startup.ts does it. */
async function startWith(vars: Record<string, string>): Promise<void> {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  const { env } = await import("@/server/env");
  const { syncDemoAccounts } = await import("./demo-accounts");
  const config = env();
  await syncDemoAccounts(db, config.environment, config.demoPassword);
}

async function demoRows() {
  return db.select().from(staff).where(inArray(staff.email, EMAILS));
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the demo accounts at start-up", { timeout: 30_000 }, () => {
  it("exist with the embedded simulator, signing in with DEMO_PASSWORD", async () => {
    await startWith({ BUSINESS_API_BASE_URL: "", DEMO_PASSWORD: "demo-for-this-test" });
    const rows = await demoRows();
    expect(rows.map((row) => [row.email, row.status]).sort()).toEqual(EMAILS.map((email) => [email, "active"]).sort());
    const admin = rows.find((row) => row.email === "admin@example.com")!;
    expect(await verifyPassword("demo-for-this-test", admin.passwordHash)).toBe(true);
  });

  it("are disabled, and their password left alone, against a real payments API with BUSINESS_API_ENVIRONMENT unset", async () => {
    await startWith({
      BUSINESS_API_BASE_URL: "https://api.payments.example.com/api/v1",
      BUSINESS_ID: "biz_live",
      BUSINESS_SECRET_KEY: "sk_live_0123456789",
      DEMO_PASSWORD: "demo",
    });
    const rows = await demoRows();
    expect(rows.map((row) => row.status)).toEqual(EMAILS.map(() => "disabled"));
    const admin = rows.find((row) => row.email === "admin@example.com")!;
    expect(await verifyPassword("demo", admin.passwordHash)).toBe(false);
  });

  it("are never made against a real payments API", async () => {
    await db.delete(staff).where(inArray(staff.email, EMAILS));
    await startWith({
      BUSINESS_API_BASE_URL: "https://api.payments.example.com/api/v1",
      BUSINESS_ID: "biz_live",
      BUSINESS_SECRET_KEY: "sk_live_0123456789",
    });
    expect(await demoRows()).toEqual([]);
  });

  it("exist for a simulator on this machine only with DEMO_ACCOUNTS=true", async () => {
    const simulator = {
      BUSINESS_API_BASE_URL: "http://127.0.0.1:4110/api/v1",
      BUSINESS_ID: "biz_sandbox_001",
      BUSINESS_SECRET_KEY: "sk_sandbox_3f9a7c21d84e4b6a9c0e5d12",
    };
    await startWith(simulator);
    expect(await demoRows()).toEqual([]);
    await startWith({ ...simulator, DEMO_ACCOUNTS: "true" });
    expect((await demoRows()).map((row) => row.status)).toEqual(EMAILS.map(() => "active"));
  });
});
