import { eq, sql, type SQLWrapper } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerContacts } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { withFreshDatabase } from "@/server/testing/database";
import { databaseNow } from "@/server/db/clock";
import { readContact, saveContact } from "./contacts";

let database: Db;
withFreshDatabase((d) => (database = d));

const ops = { id: "00000000-0000-4000-8000-000000000001", email: "ops@example.com" };
const admin = { id: "00000000-0000-4000-8000-000000000002", email: "admin@example.com" };
const at = (iso: string) => new Date(iso);

describe("stored contact details", () => {
  it("keeps the phone number saved earlier when only the email changes, and says who changed it last", async () => {
    await saveContact({
      db: database,
      input: { id: "cus_c1", email: "old@example.com", phone_number: "+14155550123" },
      actor: ops,
      sentAt: at("2026-03-01T09:00:00Z"),
    });
    await saveContact({
      db: database,
      input: { id: "cus_c1", email: "new@example.com" },
      actor: admin,
      sentAt: at("2026-03-01T09:05:00Z"),
    });
    expect(await readContact(database, "cus_c1")).toMatchObject({
      email: "new@example.com",
      email_updated_at: "2026-03-01T09:05:00.000Z",
      phone_number: "+14155550123",
      phone_updated_at: "2026-03-01T09:00:00.000Z",
      updated_at: "2026-03-01T09:05:00.000Z",
      updated_by: "admin@example.com",
    });
  });

  it("answers empty values for a customer never edited here", async () => {
    expect(await readContact(database, "cus_never")).toMatchObject({ email: null, phone_number: null, updated_at: null, updated_by: null });
  });
});

describe("a save that arrives after a later-sent one", () => {
  it("leaves the later value be, and still fills a field only it changed", async () => {
    // The colleague's email-only update was sent second but saved first.
    await saveContact({
      db: database,
      input: { id: "cus_late", email: "later@example.com" },
      actor: admin,
      sentAt: at("2026-03-01T10:00:00Z"),
    });
    await saveContact({
      db: database,
      input: { id: "cus_late", email: "earlier@example.com", phone_number: "+14155550177" },
      actor: ops,
      sentAt: at("2026-03-01T09:59:00Z"),
    });
    expect(await readContact(database, "cus_late")).toMatchObject({
      email: "later@example.com",
      email_updated_at: "2026-03-01T10:00:00.000Z",
      phone_number: "+14155550177",
      phone_updated_at: "2026-03-01T09:59:00.000Z",
      // The row's last change and its author stay the later update's.
      updated_at: "2026-03-01T10:00:00.000Z",
      updated_by: "admin@example.com",
    });
  });

  it("replaces a value sent at the same millisecond: claims follow one another, so the second save was sent second", async () => {
    const sentAt = at("2026-03-01T11:00:00Z");
    await saveContact({ db: database, input: { id: "cus_same", email: "one@example.com" }, actor: ops, sentAt });
    await saveContact({ db: database, input: { id: "cus_same", email: "two@example.com" }, actor: admin, sentAt });
    expect(await readContact(database, "cus_same")).toMatchObject({ email: "two@example.com", updated_by: "admin@example.com" });
  });
});

describe("the contact's times, on the database's clock", () => {
  it("an update sent from an instance whose clock runs an hour fast is dated at the database's now", async () => {
    const sentAt = await withAppClockSkew(60 * 60_000, () => databaseNow(database));
    await saveContact({
      db: database,
      input: { id: "cus_clock", email: "clock@example.com", phone_number: "+14155550199" },
      actor: ops,
      sentAt,
    });
    const ahead = (column: SQLWrapper) => sql<string>`extract(epoch from ${column} - now())`;
    const [row] = await database
      .select({
        updated: ahead(customerContacts.updatedAt),
        email: ahead(customerContacts.emailUpdatedAt),
        phone: ahead(customerContacts.phoneUpdatedAt),
      })
      .from(customerContacts)
      .where(eq(customerContacts.customerId, "cus_clock"));
    for (const seconds of Object.values(row!)) expect(Math.abs(Number(seconds))).toBeLessThan(60);
  });
});
