import { afterEach, describe, expect, it, vi } from "vitest";

const { openDatabase, errorLog } = vi.hoisted(() => ({ openDatabase: vi.fn(), errorLog: vi.fn() }));

vi.mock("@/server/db/client", () => ({ db: openDatabase, closeDatabase: vi.fn(async () => undefined) }));
vi.mock("@/server/ops/shutdown", () => ({ installShutdown: vi.fn(), isDraining: () => false }));
vi.mock("@/server/log", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/log")>();
  return { ...real, log: { ...real.log, error: errorLog, info: vi.fn(), warn: vi.fn() } };
});

afterEach(() => {
  vi.restoreAllMocks();
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
});
