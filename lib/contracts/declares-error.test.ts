import { describe, expect, it } from "vitest";
import { declaresError } from "./contract";
import { allContracts } from "./index";

describe("the codes a contract answers beside its own list", () => {
  const held = allContracts.filter((c) => c.approval);
  const unheld = allContracts.filter((c) => !c.approval);

  it("finds the four-eyes contracts (cards, BVN reveal, staff changes)", () => {
    expect(held.length).toBeGreaterThanOrEqual(6);
  });

  // A maker's second request while their grant is in use is refused 409 on whatever action it
  // approves; an undeclared code would be a 500 in development and a logged contract breach in production.
  it.each(held.map((c) => [`${c.method} ${c.path}`, c] as const))("%s may answer approval_in_use", (_, c) => {
    expect(declaresError(c, "approval_in_use")).toBe(true);
  });

  it("a contract without four-eyes does not answer it", () => {
    for (const c of unheld) expect(declaresError(c, "approval_in_use"), `${c.method} ${c.path}`).toBe(false);
  });
});
