import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { errors } from "@/lib/errors";
import { logAccess } from "@/server/http/access-log";
import { assertSameOrigin, readJsonBody } from "@/server/http/request-guard";
import { errorResponse, json } from "@/server/http/respond";
import { parseOrThrow } from "@/server/http/validate";
import { currentSignIn, isSessionUsable, type SignIn, type SignedInStaff } from "./session";

/** Which sessions a second-factor route serves: one owing a code, one owing an enrolment, a usable one. */
export type SecondFactorStage = "pending" | "enrol" | "usable";

function stageOf(signIn: SignIn): SecondFactorStage {
  if (isSessionUsable(signIn)) return "usable";
  return signIn.secondFactor === "pending" ? "pending" : "enrol";
}

/**
 * The routes a session uses to finish its second factor, so they cannot go through route() (which
 * needs a usable session). Same guards: session (401 when absent or at another stage), same-origin
 * JSON within the size limit, body validated (400 naming the field), the error envelope.
 */
export function secondFactorRoute<B>(
  config: { stages: SecondFactorStage[]; body: z.ZodType<B> },
  handler: (ctx: { staff: SignedInStaff; stage: SecondFactorStage; body: B; requestId: string }) => Promise<unknown>,
) {
  return async (request: Request): Promise<Response> => {
    const requestId = randomUUID();
    const startedAt = performance.now();
    try {
      const signIn = await currentSignIn();
      if (!signIn || !config.stages.includes(stageOf(signIn))) throw errors.unauthenticated();
      assertSameOrigin(request);
      const body = parseOrThrow(config.body, await readJsonBody(request));
      const result = await handler({ staff: signIn.staff, stage: stageOf(signIn), body, requestId });
      return logAccess(request, undefined, startedAt, requestId, json(result, { requestId }));
    } catch (error) {
      return logAccess(request, undefined, startedAt, requestId, errorResponse(error, requestId));
    }
  };
}
