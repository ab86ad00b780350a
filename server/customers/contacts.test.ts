import type { SQLWrapper } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { readContact, saveContact } from "./contacts";

let database: Db;
withFreshDatabase((d) => (database = d));

describe("stored contact details", () => {
  it("keeps the phone number saved earlier when only the email changes, and says who changed it last", async () => {
    await saveContact({
      db: database,
      input: { id: "cus_c1", email: "old@example.com", phone_number: "+14155550123" },
      actor: { id: "00000000-0000-4000-8000-000000000001", email: "ops@example.com" },
    });
    await saveContact({
      db: database,
      input: { id: "cus_c1", email: "new@example.com" },
      actor: { id: "00000000-0000-4000-8000-000000000002", email: "admin@example.com" },
    });
    const contact = await readContact(database, "cus_c1");
    expect(contact).toMatchObject({ email: "new@example.com", phone_number: "+14155550123", updated_by: "admin@example.com" });
    expect(Date.parse(contact.email_updated_at!)).toBeGreaterThanOrEqual(Date.parse(contact.phone_updated_at!));
  });

  it("answers empty values for a customer never edited here", async () => {
    expect(await readContact(database, "cus_never")).toMatchObject({ email: null, phone_number: null, updated_at: null, updated_by: null });
  });
});

describe("the contact's times, on the database's clock", () => {
  it("a contact saved on an instance whose clock runs an hour fast is stamped at the database's now", async () => {
    const { sql, eq } = await import("drizzle-orm");
    const { customerContacts } = await import("@/server/db/schema");
    const { withAppClockSkew } = await import("@/server/testing/app-clock-skew");
    await withAppClockSkew(60 * 60_000, () =>
      saveContact({
        db: database,
        input: { id: "cus_clock", email: "clock@example.com", phone_number: "+14155550199" },
        actor: { id: "00000000-0000-4000-8000-000000000001", email: "ops@example.com" },
      }),
    );
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
