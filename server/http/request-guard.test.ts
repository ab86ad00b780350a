import { beforeEach, describe, expect, it, vi } from "vitest";
import { createHmac } from "node:crypto";
import { isAppError } from "@/lib/errors";

const config = vi.hoisted(() => ({ trustProxy: false }));
vi.mock("@/server/env", async (original) => {
  const actual = await original<typeof import("@/server/env")>();
  return { ...actual, env: () => ({ ...actual.env(), trustProxy: config.trustProxy }) };
});

const { assertSameOrigin, parseJsonText, readJsonText } = await import("./request-guard");
const { verifySignature } = await import("@/server/webhooks/authentication");

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

describe("a JSON body that begins with a byte order mark", () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
  const json = '{"event_id":"evt_1","status":"APPROVED"}';

  it("is read as the JSON after it (RFC 8259 §8.1), once: a second mark is still not JSON", () => {
    expect(parseJsonText(`\uFEFF${json}`)).toEqual({ event_id: "evt_1", status: "APPROVED" });
    expect(parseJsonText("\uFEFF")).toEqual({});
    expect(() => parseJsonText(`\uFEFF\uFEFF${json}`)).toThrow(expect.objectContaining({ status: 400, code: "invalid_json" }));
    expect(() => parseJsonText(`${json}\uFEFF`)).toThrow(expect.objectContaining({ code: "invalid_json" }));
  });

  it("keeps its mark in the raw text, so a webhook's signature over the bytes sent still holds", async () => {
    const bytes = Buffer.concat([BOM, Buffer.from(json)]);
    const secret = "whsec_test_secret_value_1234567890";
    const signed = `sha256=${createHmac("sha256", secret).update(bytes).digest("hex")}`;
    const request = new Request("http://backoffice.internal:3000/api/webhooks/verification", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: bytes,
    });
    const raw = await readJsonText(request);
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    expect(verifySignature(secret, raw, signed)).toBe(true);
    expect(verifySignature(secret, raw.slice(1), signed)).toBe(false);
    expect(parseJsonText(raw)).toEqual({ event_id: "evt_1", status: "APPROVED" });
  });
});
