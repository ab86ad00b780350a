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
