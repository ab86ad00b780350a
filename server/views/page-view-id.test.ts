import { describe, expect, it, vi } from "vitest";
import { setDefaultView } from "@/lib/contracts/views";
import type { Db } from "@/server/db/types";
import { fakeStaff } from "@/server/testing/staff";

// Only whether the page looks the view up is observed: the lookup itself answers "no such view".
const lookups = vi.hoisted(() => ({ ids: [] as string[] }));
vi.mock("./service", () => ({
  findVisibleView: async (_db: Db, _actor: unknown, id: string) => {
    lookups.ids.push(id);
    return null;
  },
  defaultViewOf: async () => null,
}));

const { openSavedView } = await import("./page");

/** Whether the saved-view endpoints accept the id (the contract's rule for a view id). */
const contractAccepts = (id: string) => setDefaultView.body!.safeParse({ page: "audit", view: id }).success;

describe("a page's `?view=<id>` and the saved-view endpoints: one rule for the id", () => {
  it.each([
    "0b7d6a52-8a4b-4a53-9d51-6a2a1a2b3c4d",
    "0B7D6A52-8A4B-4A53-9D51-6A2A1A2B3C4D",
    "00000000-0000-0000-0000-000000000000",
    "12345678-1234-1234-1234-123456789abc",
    "12345678-1234-0234-8234-123456789abc",
    "0b7d6a528a4b4a539d516a2a1a2b3c4d",
    "'; drop table x",
  ])("%s is looked up by the page exactly when the endpoints would accept it", async (id) => {
    lookups.ids = [];
    await openSavedView({} as Db, fakeStaff("compliance"), "audit", { view: id }, "/audit");
    expect(lookups.ids.includes(id)).toBe(contractAccepts(id));
  });
});
