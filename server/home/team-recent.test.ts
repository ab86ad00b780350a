import { beforeAll, describe, expect, it } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import type { Db } from "@/server/db/types";
import { recordOpened } from "@/server/finance/recent";
import { demoMember } from "@/server/testing/demo-accounts";
import { teamRecent } from "./team-recent";

let database: Db;
let finance: StaffMember;
let ops: StaffMember;
let admin: StaffMember;
beforeAll(async () => {
  database = await db();
  [finance, ops, admin] = [await demoMember("finance"), await demoMember("ops"), await demoMember("admin")];
  await recordOpened({ db: database, staffId: finance.id, kind: "transaction", id: "txn_team_0001" });
  await recordOpened({ db: database, staffId: admin.id, kind: "transaction", id: "txn_team_0001" });
  await recordOpened({ db: database, staffId: ops.id, kind: "customer", id: "cus_team_pending" });
  await recordOpened({ db: database, staffId: admin.id, kind: "card_transaction", id: "ctx_team_1", parentId: "card_team_1" });
});

describe("recently opened by the team", () => {
  it("lists each object once, newest first, with how many members opened it and whether you did", async () => {
    const items = await teamRecent(database, "admin", admin.id);
    expect(items.map((i) => i.id)).toEqual(["ctx_team_1", "cus_team_pending", "txn_team_0001"]);
    expect(items.find((i) => i.id === "txn_team_0001")).toMatchObject({ kind: "transaction", members: 2, byYou: true });
    expect(items.find((i) => i.id === "cus_team_pending")).toMatchObject({ members: 1, byYou: false });
    expect(items.find((i) => i.id === "ctx_team_1")).toMatchObject({ parentId: "card_team_1" });
  });

  it("shows a member only the kinds their role may open", async () => {
    expect((await teamRecent(database, "finance", finance.id)).map((i) => i.kind)).not.toContain("customer");
    expect((await teamRecent(database, "ops", ops.id)).map((i) => i.kind)).toEqual(["customer"]);
    expect((await teamRecent(database, "compliance", ops.id)).map((i) => i.id)).toEqual(["cus_team_pending"]);
  });
});
