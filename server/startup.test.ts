import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const { openDatabase, errorLog } = vi.hoisted(() => ({ openDatabase: vi.fn(), errorLog: vi.fn() }));

vi.mock("@/server/db/client", () => ({ db: openDatabase, closeDatabase: vi.fn(async () => undefined) }));
vi.mock("@/server/ops/shutdown", () => ({ installShutdown: vi.fn(), isDraining: () => false }));
vi.mock("@/server/auth/demo-accounts", () => ({ syncDemoAccounts: vi.fn(async () => undefined) }));
vi.mock("@/server/ops/mask-rows-at-rest", () => ({ startMaskRowsAtRest: vi.fn(async () => undefined) }));
vi.mock("@/server/finance/card-list-thread", () => ({ startCardListParser: vi.fn() }));
vi.mock("@/server/log", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/log")>();
  return { ...real, log: { ...real.log, error: errorLog, info: vi.fn(), warn: vi.fn() } };
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  openDatabase.mockReset();
  errorLog.mockReset();
});

describe("start-up", () => {
  it("exits when the database cannot be opened, so that the supervisor starts the instance again", async () => {
    // Next.js would otherwise keep the failed start and answer 500 to every request, with the port open.
    openDatabase.mockRejectedValue(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const { start } = await import("./startup");
    await start();
    expect(exit).toHaveBeenCalledWith(1);
    expect(errorLog).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), expect.stringMatching(/start-up failed/));
  });

  it("exits on an audit checkpoint folder that cannot be made, naming the variable, as for any bad configuration", async () => {
    openDatabase.mockResolvedValue({});
    const dir = await mkdtemp(path.join(tmpdir(), "startup-"));
    await writeFile(path.join(dir, "key.pem"), generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }));
    await writeFile(path.join(dir, "a-file"), "");
    // The configuration is read once per process: a fresh module graph reads this test's.
    vi.resetModules();
    vi.stubEnv("AUDIT_SIGNING_KEY_FILE", path.join(dir, "key.pem"));
    vi.stubEnv("AUDIT_CHECKPOINT_DIR", path.join(dir, "a-file", "checkpoints"));
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const { start } = await import("./startup");
    await start();
    expect(exit).toHaveBeenCalledWith(1);
    expect(printed).toHaveBeenCalledWith("AUDIT_CHECKPOINT_DIR cannot be created: ENOTDIR");
    // A bad configuration is said as itself, not as a failed start with a stack.
    expect(errorLog).not.toHaveBeenCalled();
  });
});
