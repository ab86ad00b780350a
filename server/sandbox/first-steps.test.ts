import { describe, expect, it, vi } from "vitest";
import { workflows, workflowsFor } from "@/lib/sandbox/first-steps";
import { BVN_RECORDS } from "@/server/simulator/seed/bvn";
import { BILL_CATALOGUE } from "@/server/simulator/seed/bill-catalogue";
import { seedBills } from "@/server/simulator/seed/bills";
import { seedCollections } from "@/server/simulator/seed/collections";
import { seedCustomers } from "@/server/simulator/seed/customers";
import { SEED } from "@/server/simulator/seed/ids";
import { seedTransactions } from "@/server/simulator/seed/transactions";

const environment = vi.hoisted(() => ({ value: "sandbox" as "sandbox" | "production" }));
vi.mock("@/server/env", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/env")>();
  return { ...real, env: () => ({ ...real.env(), environment: environment.value }) };
});

const { firstSteps } = await import("./first-steps");

describe("the sandbox's first steps", () => {
  it("offers only objects the simulator really seeds, each with where it opens", () => {
    environment.value = "sandbox";
    const steps = firstSteps()!;
    const existing = new Set<string>([
      ...seedTransactions().map((t) => t.id),
      ...seedBills().map((b) => b.id),
      ...seedCollections().map((c) => c.id),
      ...seedCustomers(SEED.businesses.sandbox).map((c) => c.id),
      ...Object.keys(BILL_CATALOGUE),
      SEED.cards.busy,
    ]);
    for (const w of workflows) {
      expect(steps[w].seeds.length).toBeGreaterThan(0);
      for (const seed of steps[w].seeds) {
        if (w === "bvn") continue;
        expect([w, seed.id, existing.has(seed.id)]).toEqual([w, seed.id, true]);
        expect(seed.href).toContain(encodeURIComponent(seed.id));
      }
    }
    // A number with a record and one without; a BVN is typed into the box, never put in an address.
    expect(steps.bvn.seeds.map((s) => [s.id in BVN_RECORDS, s.href])).toEqual([
      [true, null],
      [false, null],
    ]);
  });

  it("offers nothing against production", () => {
    environment.value = "production";
    expect(firstSteps()).toBeNull();
  });

  it("offers each role only the workflows it may open", () => {
    expect(workflowsFor("finance")).toEqual(["finance", "catalogue"]);
    expect(workflowsFor("ops")).toEqual(["customers"]);
    expect(workflowsFor("compliance")).toEqual(["customers", "bvn"]);
    expect(workflowsFor("admin")).toEqual(["finance", "catalogue", "customers", "bvn"]);
  });
});
