import "server-only";
import { createdStaffSchema, createStaffSchema } from "@/lib/contracts/staff";
import { z } from "@/lib/validation/zod";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { createStaff } from "@/server/staff/service";
import { parseOrThrow } from "@/server/validate";
import { isStaffCreation } from "./action-rules";
import type { Executor } from "./service";

/**
 * A staff member's addition as `staff.role` stores it (action-rules.ts): the contract's fields, with
 * the password the maker chose kept only as its hash, or none when it is generated on approval.
 */
const heldCreationSchema = z
  .object({
    email: createStaffSchema.shape.email,
    name: createStaffSchema.shape.name,
    role: createStaffSchema.shape.role,
    passwordHash: z.string().startsWith("scrypt$").optional(),
    generatePassword: z.boolean().optional(),
  })
  .refine((v) => v.generatePassword === true || v.passwordHash !== undefined, {
    message: "The held addition carries neither a password hash nor a request to generate one.",
    path: ["passwordHash"],
  });

/**
 * Runs an approved addition as `POST /api/staff` would have (app/api/staff/route.ts): the stored
 * input validated again, the step-up (the checker's session, as every approved action), then the
 * same service, as the maker. A generated password is answered to the checker once, as a reset's is.
 */
export const createHeldStaff: Executor = async ({ db, staff, input, requestId }) => {
  const held = parseOrThrow(heldCreationSchema, input.body);
  await requireRecentSecondFactor({ db, actor: staff });
  const created = await createStaff({ db, actor: staff, input: held, requestId });
  return { status: 200, data: createdStaffSchema.parse(created), headers: {} };
};

/** The `staff.role` executor: an addition (no member id) or a change of a member's role or status (the PATCH route's own). */
export function staffRoleExecutor(change: Executor): Executor {
  return (run) => (isStaffCreation(run.input) ? createHeldStaff(run) : change(run));
}
