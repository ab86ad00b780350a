import { describe, expect, it } from "vitest";
import { maskBvnRecord } from "@/server/compliance/bvn-mask";
import { redactDetail } from "@/server/audit/redact";
import { LOGGED, redactDeep } from "./redact";

describe("one masking rule for logs, the audit trail and the BVN view", () => {
  it("masks to a fixed length, so two values of different lengths cannot be told apart by their mask", () => {
    const short = redactDeep({ number: "12345", token: "0000-1111" }) as Record<string, string>;
    const long = redactDeep({ number: "5061000011112222345", token: "0000-1111-2222-3333-4444" }) as Record<string, string>;
    expect(short.number!.length).toBe(long.number!.length);
    expect(short.token!.length).toBe(long.token!.length);
  });

  it("drops secrets at any depth and masks personal values, numbers included", () => {
    const out = redactDetail({
      role: "viewer",
      nested: [{ password: "hunter2hunter2", passwordHash: "scrypt$1$2$3$a$b", bvn: 22212345678 }],
    });
    expect(out).toEqual({ role: "viewer", nested: [{ bvn: "•••••••5678" }] });
  });

  it("the audit trail and the BVN view mask an email and a BVN the same way", () => {
    const audited = redactDetail({ email: "ada.lovelace@example.com", bvn: "22212345678" });
    const viewed = maskBvnRecord({
      bvn: "22212345678",
      email: "ada.lovelace@example.com",
      phone_number: null,
      date_of_birth: null,
      residential_address: null,
    } as Parameters<typeof maskBvnRecord>[0]);
    expect(audited).toEqual({ email: viewed.email, bvn: viewed.bvn });
  });

  it("stops at a fixed depth rather than following input as deep as it goes", () => {
    let deep: unknown = { bvn: "22212345678" };
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(JSON.stringify(redactDeep(deep))).not.toContain("22212345678");
  });

  it("masks a card number under any of its names in a stored copy, as the log does", () => {
    const detail = { card: { card_number: "5061-0000-1111-2222", pan: "PAN:5061 0000 1111 2222", primaryAccountNumber: 12 } };
    const stored = redactDeep(detail) as { card: Record<string, string> };
    expect(stored.card).toEqual({ card_number: "•••••••2222", pan: "•••••••2222", primaryAccountNumber: "•••••••" });
    expect(redactDeep(detail, LOGGED)).toEqual(stored);
  });

  it("drops a secret from a stored copy but names it in a log line, and censors a log line's payload keys only", () => {
    const value = { apiKey: "sk_live_x", body: { amount: 100 } };
    expect(redactDeep(value)).toEqual({ body: { amount: 100 } });
    expect(redactDeep(value, LOGGED)).toEqual({ apiKey: "[redacted]", body: "[redacted]" });
  });

  it("keeps a date a date, rather than an empty record", () => {
    const at = new Date("2026-11-28T07:00:00Z");
    expect(JSON.stringify(redactDeep({ at }))).toBe('{"at":"2026-11-28T07:00:00.000Z"}');
  });
});
