import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv: audit checkpoints and stream", () => {
  it("writes no checkpoints and serves no stream token unless configured", () => {
    expect(parseEnv({})).toMatchObject({ auditCheckpoints: null, auditStreamToken: undefined });
  });

  it("takes the key file and directory together, every 60 minutes unless told", () => {
    expect(parseEnv({ AUDIT_SIGNING_KEY_FILE: "/keys/audit.pem", AUDIT_CHECKPOINT_DIR: "/mnt/evidence" }).auditCheckpoints).toEqual({
      keyFile: "/keys/audit.pem",
      dir: "/mnt/evidence",
      minutes: 60,
    });
    expect(
      parseEnv({ AUDIT_SIGNING_KEY_FILE: "k", AUDIT_CHECKPOINT_DIR: "d", AUDIT_CHECKPOINT_MINUTES: "15" }).auditCheckpoints?.minutes,
    ).toBe(15);
  });

  it("names the missing half, a bad period and a short stream token", () => {
    expect(() => parseEnv({ AUDIT_SIGNING_KEY_FILE: "k" })).toThrow(/AUDIT_CHECKPOINT_DIR is required with the other/);
    expect(() => parseEnv({ AUDIT_CHECKPOINT_DIR: "d" })).toThrow(/AUDIT_SIGNING_KEY_FILE is required with the other/);
    expect(() => parseEnv({ AUDIT_CHECKPOINT_MINUTES: "0" })).toThrow(/AUDIT_CHECKPOINT_MINUTES must be at least 1/);
    expect(() => parseEnv({ AUDIT_CHECKPOINT_MINUTES: "hourly" })).toThrow(/AUDIT_CHECKPOINT_MINUTES/);
    expect(() => parseEnv({ AUDIT_STREAM_TOKEN: "short" })).toThrow(/AUDIT_STREAM_TOKEN must be at least 32 characters/);
  });
});
