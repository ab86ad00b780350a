import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createStaffSchema } from "@/lib/contracts/staff";
import { parseAddCommand } from "./staff-cli-args";

const LOOK_ALIKES = [
  ["a full-width letter", "\uff41dmin@example.com"],
  ["a Cyrillic а in the name", "\u0430dmin@example.com"],
  ["a Cyrillic а in the domain", "admin@ex\u0430mple.com"],
  ["full-width digits", "ops\uff11@example.com"],
] as const;

/** The real CLI in a child process, as an operator runs it; refusals exit before any database is opened. */
function runCli(args: string[], password = "a-long-enough-password-1") {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  return spawnSync(tsx, ["--conditions=react-server", "server/auth/staff-cli.ts", ...args], {
    cwd: process.cwd(),
    input: `${password}\n`,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "memory:", LOG_LEVEL: "silent" },
    timeout: 60_000,
  });
}

describe("npm run staff -- add: the staff API's email rule", () => {
  it.each(LOOK_ALIKES)("refuses %s, as the staff API does", (_, email) => {
    expect(parseAddCommand(["add", email, "admin"])).toMatchObject({ ok: false, message: expect.stringContaining("look-alike") });
    expect(createStaffSchema.safeParse({ email, name: "Admin", role: "admin", generatePassword: true }).success).toBe(false);
  });

  it("accepts what the staff API accepts, normalised the same way", () => {
    const api = createStaffSchema.parse({ email: "  Ops.Lead@Example.com ", name: "Ops", role: "ops", generatePassword: true });
    expect(parseAddCommand(["add", "  Ops.Lead@Example.com ", "ops"])).toEqual({ ok: true, email: api.email, role: "ops" });
  });

  it.each([
    ["a missing role", ["add", "ops@example.com"]],
    ["another command", ["remove", "ops@example.com", "ops"]],
  ])("prints the usage for %s", (_, argv) => {
    expect(parseAddCommand(argv)).toMatchObject({ ok: false, message: expect.stringContaining("usage: npm run staff -- add") });
  });

  it("refuses an unknown role by name", () => {
    expect(parseAddCommand(["add", "ops@example.com", "root"])).toEqual({
      ok: false,
      message: expect.stringContaining('"root" is not a role'),
    });
  });

  it("the CLI itself exits 2 for a full-width and a Cyrillic look-alike address, creating nothing", { timeout: 120_000 }, () => {
    for (const email of ["\uff41dmin@example.com", "admin@ex\u0430mple.com"]) {
      const run = runCli(["add", email, "admin"]);
      expect(run.status).toBe(2);
      expect(run.stdout).not.toContain("is active");
      expect(run.stderr).toContain("look-alike");
    }
  });
});
