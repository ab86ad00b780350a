import { sql } from "drizzle-orm";
import { beforeAll, beforeEach } from "vitest";
import type { Role } from "@/lib/permissions";
import type { StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { setActingMember } from "./acting-member";
import { demoMember } from "./demo-accounts";

/**
 * For a file that calls the real routes, database and embedded simulator with only the session faked
 * (it mocks `@/server/auth/session` with server/testing/acting-member.ts): the demo members it acts
 * as, read once before its tests; before each test, the tables it names emptied (in the process-wide
 * database, which the routes open) and a simulator without faults or counts.
 */
export function withRouteFixture<const R extends Role>({ roles, clear = [] }: { roles: readonly R[]; clear?: readonly string[] }) {
  const sim = embeddedSimulator();
  const members = new Map<Role, StaffMember>();
  // The first database use migrates and the demo passwords are hashed: slow on a busy machine.
  beforeAll(async () => {
    for (const role of roles) members.set(role, await demoMember(role));
  }, 180_000);
  beforeEach(async () => {
    const database = await db();
    for (const table of clear) await database.execute(sql.raw(`DELETE FROM ${table}`));
    sim.faults.clear();
    sim.stats.reset();
  });
  const member = (role: R): StaffMember => members.get(role)!;
  return {
    sim,
    member,
    /** The following requests are this demo member's. */
    actAs: (role: R) => setActingMember(member(role)),
  };
}
