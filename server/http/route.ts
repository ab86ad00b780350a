import "server-only";
import {
  type BodyOf,
  type Contract,
  declaresError,
  type ParamsOf,
  pathOf,
  type QueryOf,
  type ResponseOf,
  type SecondFactorStage,
} from "@/lib/contracts/contract";
import { FORBIDDEN_MESSAGE, GUARD_ERRORS, SANDBOX_ONLY, UNAUTHENTICATED_MESSAGE } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/contracts/idempotency";
import { errorEnvelopeSchema, isAppError } from "@/lib/errors";
import { can } from "@/lib/permissions";
import { searchParamsRecord } from "@/lib/route-params";
import { type GrantClaim, holdForApproval, runOnGrant } from "@/server/approvals/hold";
import type { Executor } from "@/server/approvals/service";
import { type AuditAnswer, heldAnswerEntries } from "@/server/audit/answer-entries";
import { writeAuditQuietly } from "@/server/audit/writer";
import { assertAddressAllowed } from "@/server/auth/address-allowlist";
import { closedUntilPasswordChanged, PASSWORD_CHANGE_REQUIRED } from "@/server/auth/must-change-password";
import { currentSignIn, currentStaff, isSessionUsable, type SignedInStaff, type SignIn } from "@/server/auth/session";
import { db as openDb } from "@/server/db/client";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { parseIdempotencyKey } from "@/server/idempotency/key";
import { log } from "@/server/log";
import { maskRevealed, maskSensitiveDeep } from "@/server/privacy";
import { observeRequest } from "@/server/observability/http-server";
import { inSpan } from "@/server/observability/tracing";
import { logAccess } from "./access-log";
import { assertSameOrigin, readJsonBody } from "./request-guard";
import { apiHeaders, json } from "./json-response";
import { Reply } from "@/server/reply";
import { errorResponse } from "./respond";
import { parseOrThrow } from "@/server/validate";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type HandlerContext<C extends Contract> = {
  /** The database, opened here and handed down: services take it from their input, never from a global. */
  db: Db;
  staff: SignedInStaff;
  params: ParamsOf<C>;
  body: BodyOf<C>;
  query: QueryOf<C>;
  requestId: string;
  /** The checked `Idempotency-Key` of an idempotent contract (route() answers 400 without one). */
  idempotencyKey: C["idempotent"] extends true ? string : undefined;
  request: Request;
  /** For second-factor routes: the stage the session is at. */
  stage: SecondFactorStage;
  /**
   * The session, role and stage checked again as on arrival: for an answer that goes on after the
   * handler returns (a streamed export), which must stop once the member may no longer have it.
   */
  stillAdmitted: () => Promise<boolean>;
  /**
   * Records what this answer gives (a reveal): written only if the answer is a success that is sent,
   * and on an approval's grant with the grant's use (runOnGrant).
   */
  auditAnswer: AuditAnswer;
};

/** What a handler answers: the contract's data (200), a Reply, or — for file contracts — a Response. */
type HandlerResult<C extends Contract> = C["response"] extends { kind: "file" } ? Response : ResponseOf<C> | Reply<ResponseOf<C> | unknown>;

/** A route handler that remembers the contract it serves, so the route matrix can check every file. */
export type ContractRoute<C extends Contract = Contract> = ((request: Request, context?: RouteContext) => Promise<Response>) & {
  contract: C;
};

type Handler<C extends Contract> = (ctx: HandlerContext<C>) => Promise<HandlerResult<C>> | HandlerResult<C>;

/**
 * The one wrapper around every route of our API, driven by its contract: the address allowlist
 * (403 `address_not_allowed`) → session (401) → role
 * (403, audited) or second-factor stage → same-origin, JSON and size checks for state-changing
 * methods → params, query and body validated (400 naming the field) → handler → the answer parsed
 * with the contract's response schema (a mismatch is a logged 500, never sent) → `no-store` JSON,
 * or the error envelope with a code the contract declares. HEAD stops before the handler.
 */
export function route<const C extends Contract>(c: C, handler: Handler<C>): ContractRoute<C> & { handler: Handler<C> } {
  const serve = (request: Request, context?: RouteContext): Promise<Response> =>
    observeRequest(c, async (requestId) => {
      const startedAt = performance.now();
      try {
        const db = await openDb();
        // The address allowlist comes first: outside it, not even the session is looked at.
        await assertAddressAllowed({ db, headers: request.headers });
        const { staff, stage } = await inSpan("session check", {}, () => admit(db, c, request, requestId));
        const stateChanging = request.method !== "GET" && request.method !== "HEAD";
        if (stateChanging) assertSameOrigin(request);
        if (c.sandboxOnly && env().environment !== "sandbox") await refuseOutsideSandbox(db, c, staff, request, requestId);
        const rawParams = (await context?.params) ?? {};
        const params = (c.params ? parseOrThrow(c.params, rawParams) : {}) as ParamsOf<C>;
        // Every state-changing request must be JSON within the size limit, even one whose body is ignored.
        const rawBody = stateChanging ? await readJsonBody(request) : undefined;
        const body = (c.body ? parseOrThrow(c.body, rawBody) : undefined) as BodyOf<C>;
        const query = (c.query ? parseOrThrow(c.query, searchParamsRecord(new URL(request.url).searchParams)) : undefined) as QueryOf<C>;
        const idempotencyKey = keyOf(c, request.headers);
        // Next.js answers HEAD with the GET handler, and a handler may audit (an export), ask the
        // upstream or note a "recent" item: a link checker's HEAD must not forge that record or do
        // that work. Past the guards, HEAD gets the headers any GET answer carries, not the handler's.
        if (request.method === "HEAD") return logAccess(request, context?.params, startedAt, requestId, headersOnly(c, requestId));
        let grant: GrantClaim | undefined;
        if (c.approval) {
          // Four-eyes: stored for a second member instead of run (server/approvals/hold.ts).
          const hold = await holdForApproval({
            db,
            actor: staff,
            input: { action: c.approval, params: params as Record<string, unknown>, body, query },
            requestId,
            request,
          });
          if (hold.kind === "held") {
            return logAccess(
              request,
              context?.params,
              startedAt,
              requestId,
              json(maskSensitiveDeep({ kind: "approval_pending", approval: hold.approval }, "typed"), { status: 202, requestId }),
            );
          }
          grant = hold.grant;
        }
        const stillAdmitted = () =>
          admit(db, c, request, requestId).then(
            () => true,
            () => false,
          );
        // A grant is spent only by an answer that succeeded (server/approvals/hold.ts).
        const response = await runOnGrant(db, grant, async (auditAnswer) =>
          answer(
            c,
            await handler({ db, staff, params, body, query, requestId, idempotencyKey, request, stage, stillAdmitted, auditAnswer }),
            requestId,
          ),
        );
        return logAccess(request, context?.params, startedAt, requestId, response);
      } catch (error) {
        return logAccess(request, context?.params, startedAt, requestId, errorResponse(undeclared(c, error, requestId), requestId));
      }
    });
  return Object.assign(serve, { contract: c, handler });
}

/**
 * Runs a route's handler for an approved request: the maker's stored input is validated again with
 * the contract's schemas (it was stored by an older version, perhaps), the handler answers as it
 * would have to the maker, and a 200 answer must still match the contract.
 */
export function executorOf<C extends Contract>(r: ContractRoute<C> & { handler: Handler<C> }): Executor {
  const c = r.contract;
  return async ({ db, staff, input, requestId, origin }) => {
    const params = (c.params ? parseOrThrow(c.params, input.params) : {}) as ParamsOf<C>;
    const body = (c.body ? parseOrThrow(c.body, input.body) : undefined) as BodyOf<C>;
    const query = (c.query ? parseOrThrow(c.query, input.query ?? {}) : undefined) as QueryOf<C>;
    const request = new Request(new URL(pathOf(c, input.params as Record<string, string>), origin), {
      method: c.method,
      headers: input.headers,
    });
    const answerEntries = heldAnswerEntries();
    const result: unknown = await r.handler({
      db,
      staff: staff as SignedInStaff,
      params,
      body,
      query,
      requestId,
      idempotencyKey: keyOf(c, request.headers),
      request,
      stage: "usable",
      // An approved action answers within the checker's request; nothing of it is streamed later.
      stillAdmitted: () => Promise.resolve(true),
      // Written, as route() writes them, only with an answer that is given (below).
      auditAnswer: answerEntries.auditAnswer,
    });
    if (result instanceof Response || "kind" in c.response) throw new Error(`${c.path}: a file answer cannot be approved`);
    const reply = result instanceof Reply ? result : new Reply(200, result);
    if (reply.status < 400 && !c.response.safeParse(reply.data).success)
      throw new Error(`${c.path}: the approved action's answer does not match its contract`);
    if (reply.status < 400) await answerEntries.write(db);
    return { status: reply.status, data: reply.data, headers: reply.headers };
  };
}

/**
 * What outsideRoute hands its handler: the request's id, and `refuse`, the API's error answer
 * (errorResponse) carrying it, with any headers the refusal adds (a 401's `WWW-Authenticate`).
 */
export type OutsideContext = { requestId: string; refuse: (error: unknown, headers?: Record<string, string>) => Response };

/**
 * Marks a handler that cannot go through route() (the webhook receiver reads its raw body to check
 * the signature; probes answer without a session) with its contract, so it is still declared once.
 * Its answer carries the request id as every route's does (unless the handler named its own).
 */
export function outsideRoute<const C extends Contract & { outside: string }>(
  c: C,
  handler: (request: Request, context: OutsideContext) => Promise<Response> | Response,
): ContractRoute<C> {
  const serve = (request: Request) =>
    observeRequest(c, async (requestId) => {
      const response = await handler(request, { requestId, refuse: (error, headers) => errorResponse(error, requestId, headers) });
      if (!response.headers.has("X-Request-Id")) response.headers.set("X-Request-Id", requestId);
      return response;
    });
  return Object.assign(serve, { contract: c });
}

/** An idempotent contract's checked key (a 400 naming the header when missing or malformed). */
function keyOf<C extends Contract>(c: C, headers: Headers): HandlerContext<C>["idempotencyKey"] {
  return (c.idempotent ? parseIdempotencyKey(headers.get(IDEMPOTENCY_KEY_HEADER)) : undefined) as HandlerContext<C>["idempotencyKey"];
}

async function admit(
  db: Db,
  c: Contract,
  request: Request,
  requestId: string,
): Promise<{ staff: SignedInStaff; stage: SecondFactorStage }> {
  if (c.stages) {
    const signIn = await currentSignIn(db);
    if (!signIn || !c.stages.includes(stageOf(signIn))) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
    return { staff: signIn.staff, stage: stageOf(signIn) };
  }
  if (!c.capability) throw new Error(`${c.path}: a contract outside the staff session goes through outsideRoute()`);
  const staff = await currentStaff(db);
  if (!staff) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
  // After an administrator's reset only the member's own account routes work, until they choose a password.
  if (closedUntilPasswordChanged(staff, c.capability)) {
    throw fail(GUARD_ERRORS, "password_change_required", PASSWORD_CHANGE_REQUIRED);
  }
  if (!can(staff.role, c.capability)) {
    await writeAuditQuietly({
      db,
      actor: staff,
      action: c.action,
      target: new URL(request.url).pathname,
      outcome: "denied",
      requestId,
      detail: { reason: "role", capability: c.capability },
    });
    throw fail(GUARD_ERRORS, "forbidden", FORBIDDEN_MESSAGE);
  }
  return { staff, stage: "usable" };
}

/** A sandbox-only endpoint against production: refused and audited before anything sent is read. */
async function refuseOutsideSandbox(db: Db, c: Contract, staff: SignedInStaff, request: Request, requestId: string): Promise<never> {
  await writeAuditQuietly({
    db,
    actor: staff,
    action: c.action,
    target: new URL(request.url).pathname,
    outcome: "denied",
    requestId,
    detail: { reason: "production" },
  });
  throw fail([SANDBOX_ONLY], SANDBOX_ONLY, "This is possible in the sandbox only: this back-office is connected to production.");
}

function stageOf(signIn: SignIn): SecondFactorStage {
  if (isSessionUsable(signIn)) return "usable";
  return signIn.secondFactor === "pending" ? "pending" : "enrol";
}

/**
 * HEAD's answer once the guards have passed: 200 with the GET's type, without a body. What only the
 * handler knows (a 404 for an id the upstream lacks, a download's file name) is not sent.
 */
function headersOnly(c: Contract, requestId: string): Response {
  return new Response(null, {
    headers: apiHeaders(requestId, "kind" in c.response ? `${c.response.contentType}; charset=utf-8` : undefined),
  });
}

/** The handler's result as the response the contract promises, or a logged 500. */
function answer(c: Contract, result: unknown, requestId: string): Response {
  if (result instanceof Response) {
    if (!("kind" in c.response)) return invalidAnswer(c, requestId, "a JSON contract's handler answered a raw Response");
    result.headers.set("Cache-Control", "no-store");
    result.headers.set("X-Request-Id", requestId);
    return result;
  }
  if ("kind" in c.response) return invalidAnswer(c, requestId, "a file contract's handler answered data");
  const reply = result instanceof Reply ? result : new Reply(200, result);
  if (reply.status >= 400) {
    // A stored failure replayed (idempotency): it must still be an envelope with a declared code.
    const envelope = errorEnvelopeSchema.safeParse(reply.data);
    if (!envelope.success || !declaresError(c, envelope.data.error.code))
      return invalidAnswer(c, requestId, "an undeclared error envelope");
    // A code with a declared body (Contract.errorBodies) is sent whole, as its schema reads it.
    const declaredBody = c.errorBodies?.[envelope.data.error.code as keyof typeof c.errorBodies]?.safeParse(reply.data);
    const data = declaredBody?.success ? declaredBody.data : envelope.data;
    return json(maskSensitiveDeep(data, "typed"), { status: reply.status, requestId, headers: reply.headers });
  }
  const parsed = c.response.safeParse(reply.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return invalidAnswer(
      c,
      requestId,
      `response does not match the contract at ${issue?.path.map(String).join(".") || "(root)"}: ${issue?.message}`,
    );
  }
  // Every answer leaves masked by value (a card number or BVN under any key); an audited reveal shows the values it names.
  return json(c.reveals ? maskRevealed(parsed.data, c.reveals) : maskSensitiveDeep(parsed.data, "typed"), {
    status: reply.status,
    requestId,
    headers: reply.headers,
  });
}

function invalidAnswer(c: Contract, requestId: string, problem: string): Response {
  log.error({ requestId, endpoint: `${c.method} ${c.path}`, problem }, "route answer broke its contract");
  return errorResponse(new Error(problem), requestId);
}

/**
 * An error with a code the contract does not declare is a bug of ours, always logged. Outside
 * production (development and the test suites) it becomes a 500 so the tests cannot miss it; in
 * production the staff member still gets the specific message.
 */
function undeclared(c: Contract, error: unknown, requestId: string): unknown {
  if (!isAppError(error) || declaresError(c, error.code)) return error;
  log.error(
    { requestId, endpoint: `${c.method} ${c.path}`, code: error.code },
    "route answered an error code its contract does not declare",
  );
  return env().isProductionBuild ? error : new Error(`undeclared error code ${error.code}`);
}
