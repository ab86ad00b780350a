import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/types";

const { writeCheckpoint, logged } = vi.hoisted(() => ({
  writeCheckpoint: vi.fn(),
  logged: { warn: vi.fn(), error: vi.fn(), info: vi.fn() },
}));
vi.mock("./checkpoint-writer", () => ({ writeCheckpoint }));
vi.mock("./checkpoint-key", () => ({ loadSigningKey: () => ({ privateKey: {}, publicKeyPem: "" }) }));
vi.mock("@/server/log", () => ({ log: logged }));

const { startCheckpointSchedule } = await import("./checkpoint-schedule");

afterEach(() => {
  vi.useRealTimers();
  writeCheckpoint.mockReset();
  for (const level of Object.values(logged)) level.mockReset();
});

const minutes = (n: number) => vi.advanceTimersByTimeAsync(n * 60_000);

describe("the audit checkpoint schedule", () => {
  it("warns of a failed tick, which the next one retries, and errs only once a whole period has failed", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "performance"] });
    const timedOut = new Error("Connection terminated due to connection timeout");
    writeCheckpoint.mockRejectedValue(timedOut);
    const dir = await mkdtemp(path.join(tmpdir(), "checkpoints-"));
    const stop = await startCheckpointSchedule({ keyFile: "key.pem", dir, minutes: 15 }, async () => ({}) as Db);
    try {
      await minutes(0);
      // A busy host's one slow connection: the checkpoint is late, not missing.
      expect(logged.warn).toHaveBeenCalledWith({ err: timedOut }, expect.stringMatching(/the next tick tries again/));
      expect(logged.error).not.toHaveBeenCalled();
      await minutes(14);
      expect(logged.error).not.toHaveBeenCalled();
      await minutes(1);
      expect(logged.error).toHaveBeenCalledWith(
        expect.objectContaining({ err: timedOut, failingMinutes: 15 }),
        expect.stringMatching(/one is missing/),
      );

      // A success starts the count afresh: the next failure is a warning again.
      writeCheckpoint.mockResolvedValueOnce({ written: false });
      await minutes(1);
      logged.error.mockReset();
      await minutes(2);
      expect(logged.error).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
