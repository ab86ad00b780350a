import { describe, expect, it } from "vitest";
import { maskBvnRecord } from "@/server/compliance/bvn-mask";
import { redactDetail } from "@/server/audit/redact";
import { redactDeep } from "./redact";

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
});
