import { describe, expect, it, vi } from "vitest";
import { CircuitBreaker } from "./circuit-breaker";
import { createUpstream } from "./client";
import { fetchTransport, type FetchTransport } from "./transport";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A client whose payments API answers `auth` to `POST /auth` and `call` to everything else; counts what it was sent. */
function clientOf(answers: { auth: () => Response; call: () => Response }, breaker?: CircuitBreaker) {
  const sent = vi.fn<FetchTransport>(async (request) =>
    new URL(request.url).pathname.endsWith("/auth") ? answers.auth() : answers.call(),
  );
  const upstream = createUpstream(
    {
      baseUrl: "http://api.test/api/v1",
      transport: fetchTransport(sent),
      credentials: { businessId: "biz", secretKey: "sk" },
      timeoutMs: 2_000,
    },
    breaker,
  );
  return { ...upstream, sent };
}

const token = () => json(200, { access_token: "tok", token: { expires_at: Date.now() / 1000 + 3600 } });

describe("the upstream's state, as readiness reports it", () => {
  it("is unknown before any call, ok once a token was had, and reading it sends nothing", async () => {
    const client = clientOf({ auth: token, call: () => json(200, { id: "txn_usd_0001", amount: 5 }) });
    expect(client.state()).toBe("unknown");
    await client.api.getTransaction("txn_usd_0001");
    const sentBefore = client.sent.mock.calls.length;
    for (let i = 0; i < 5; i++) expect(client.state()).toBe("ok");
    expect(client.sent.mock.calls.length).toBe(sentBefore);
  });

  it("is auth_failed after the credentials were refused, until a token is had again", async () => {
    let refuse = true;
    const client = clientOf({
      auth: () => (refuse ? json(401, { message: "invalid credentials" }) : token()),
      call: () => json(200, { id: "txn_usd_0001", amount: 5 }),
    });
    await expect(client.api.getTransaction("txn_usd_0001")).rejects.toBeTruthy();
    expect(client.state()).toBe("auth_failed");
    refuse = false;
    await client.api.getTransaction("txn_usd_0001");
    expect(client.state()).toBe("ok");
  });

  it("is circuit_open while a breaker refuses an operation", async () => {
    const client = clientOf(
      { auth: token, call: () => json(503, { message: "down" }) },
      new CircuitBreaker({ threshold: 1, pauseMs: 60_000 }),
    );
    await expect(client.api.getTransaction("txn_usd_0001")).rejects.toBeTruthy();
    expect(client.breaker.openUntil("GET /transactions/{id}")).not.toBeNull();
    expect(client.state()).toBe("circuit_open");
  });
});
