import { beforeEach, describe, expect, it, vi } from "vitest";
import { isAppError } from "@/lib/errors";

const config = vi.hoisted(() => ({ trustProxy: false }));
vi.mock("@/server/env", async (original) => {
  const actual = await original<typeof import("@/server/env")>();
  return { ...actual, env: () => ({ ...actual.env(), trustProxy: config.trustProxy }) };
});

const { assertSameOrigin } = await import("./request-guard");

function post(headers: Record<string, string>): Request {
  return new Request("http://backoffice.internal:3000/api/staff", {
    method: "POST",
    headers: { Host: "backoffice.internal:3000", ...headers },
  });
}

function refusal(request: Request): string | null {
  try {
    assertSameOrigin(request);
    return null;
  } catch (error) {
    return isAppError(error) ? `${error.status} ${error.code}` : "not an AppError";
  }
}

const forged = {
  Origin: "https://evil.example",
  "Sec-Fetch-Site": "same-origin",
  "X-Forwarded-Host": "evil.example",
  "X-Forwarded-Proto": "https",
};

beforeEach(() => {
  config.trustProxy = false;
});

describe("same-origin check and X-Forwarded-*", () => {
  it("refuses a forged X-Forwarded-Host matching a hostile Origin when TRUST_PROXY is off", () => {
    expect(refusal(post(forged))).toBe("403 cross_site_request");
  });

  it("accepts our own page's request, which matches the Host it connected to", () => {
    expect(refusal(post({ Origin: "http://backoffice.internal:3000", "Sec-Fetch-Site": "same-origin" }))).toBeNull();
    // A forged header does not make our own page's request fail either: it is ignored.
    expect(
      refusal(post({ Origin: "http://backoffice.internal:3000", "Sec-Fetch-Site": "same-origin", "X-Forwarded-Host": "evil.example" })),
    ).toBeNull();
  });

  it("with TRUST_PROXY=true, compares the Origin with the proxy's host and scheme", () => {
    config.trustProxy = true;
    const behindProxy = { "X-Forwarded-Host": "office.example.com", "X-Forwarded-Proto": "https", "Sec-Fetch-Site": "same-origin" };
    expect(refusal(post({ ...behindProxy, Origin: "https://office.example.com" }))).toBeNull();
    expect(refusal(post({ ...behindProxy, Origin: "http://office.example.com" }))).toBe("403 cross_site_request");
    expect(refusal(post({ ...behindProxy, Origin: "https://evil.example" }))).toBe("403 cross_site_request");
    // A proxy that appends: the client's own value comes first and is not the one believed.
    expect(refusal(post({ ...behindProxy, "X-Forwarded-Host": "evil.example, office.example.com", Origin: "https://evil.example" }))).toBe(
      "403 cross_site_request",
    );
  });
});
