import { approveApproval } from "@/lib/contracts/approvals";
import { POST as revealBvn } from "@/app/api/v1/identity/bvn/lookups/[id]/reveal/route";
import { POST as resetSecondFactor } from "@/app/api/staff/[id]/second-factor/reset/route";
import { POST as resetPassword } from "@/app/api/staff/[id]/password/reset/route";
import { PATCH as updateStaff } from "@/app/api/staff/[id]/route";
import { POST as createCard } from "@/app/api/v1/cards/route";
import { approve } from "@/server/approvals/service";
import { staffRoleExecutor } from "@/server/approvals/staff-creation";
import { Reply } from "@/server/reply";
import { executorOf, route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

// The very handlers the maker's request would have run, so an approved action behaves as the action does.
const execute = {
  "card.create": executorOf(createCard),
  // A member's role or status changed (the PATCH), or a member added (POST /api/staff, its password kept hashed).
  "staff.role": staffRoleExecutor(executorOf(updateStaff)),
  "staff.password_reset": executorOf(resetPassword),
  "staff.second_factor_reset": executorOf(resetSecondFactor),
  "bvn.reveal": executorOf(revealBvn),
};

const post = route(approveApproval, async ({ db, staff, params, requestId, request }) => {
  const answer = await approve({ db, actor: staff, input: params, requestId, execute, origin: new URL(request.url).origin });
  return new Reply(answer.status, answer.data, answer.headers);
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
