import type { StaffMember } from "@/server/auth/staff-repo";

/**
 * The stand-in for `@/server/auth/session` in tests that call the real routes with only the session
 * faked; the member is chosen with `actAs` (server/testing/route-fixture.ts). A test file mocks with it:
 *
 *     vi.mock("@/server/auth/session", () => import("@/server/testing/acting-member"));
 *
 * Kept apart from the fixture so that the mock imports nothing that could reach the session module.
 */
let acting: StaffMember | null = null;

export async function currentStaff(): Promise<StaffMember | null> {
  return acting;
}

export function setActingMember(member: StaffMember | null): void {
  acting = member;
}
