import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "./env";

/** The variables server/env.ts reads that compose.yaml deliberately does not pass, and why. */
const NOT_PASSED: Record<string, string> = {
  NODE_ENV: "the image sets it (Dockerfile: ENV NODE_ENV=production); the build and the server follow it, not the operator",
};

const read = (file: string) => readFileSync(path.join(process.cwd(), file), "utf8");

/** The names in compose.yaml's shared block (`x-app-environment`), in order. */
function composeVariables(): string[] {
  const text = read("compose.yaml");
  const block = /^x-app-environment: &app-environment\n((?: {2}.*\n)+)/m.exec(text);
  if (!block) throw new Error("compose.yaml has no x-app-environment block");
  return block[1]!.split("\n").flatMap((line) => /^ {2}([A-Z][A-Z0-9_]*):/.exec(line)?.[1] ?? []);
}

describe("compose.yaml's shared environment", () => {
  it("passes every variable server/env.ts reads, or says here why not", () => {
    const passed = new Set(composeVariables());
    const missing = ENV_VARIABLES.filter((name) => !passed.has(name) && !(name in NOT_PASSED));
    expect(missing).toEqual([]);
  });

  it("passes nothing server/env.ts does not read (a misspelt name would be silently ignored), and none twice", () => {
    const passed = composeVariables();
    expect(passed.filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
    expect(passed.filter((name, i) => passed.indexOf(name) !== i)).toEqual([]);
    expect(Object.keys(NOT_PASSED).filter((name) => passed.includes(name))).toEqual([]);
  });

  it("lists each variable it passes in docs/configuration.md", () => {
    const documented = read("docs/configuration.md");
    expect(composeVariables().filter((name) => !documented.includes(`\`${name}\``))).toEqual([]);
  });
});
