import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "@/server/log";

const { onRequestError } = await import("@/instrumentation");

const request = {
  path: "/customers/cus_42?email=ada.admin@example.com",
  method: "GET",
  headers: { cookie: "__Host-backoffice.session=session-cookie-value" },
};
const context = {
  routerKind: "App Router",
  routePath: "/customers/[id]",
  routeType: "render",
  renderSource: "react-server-components",
  revalidateReason: undefined,
} as const;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("onRequestError", () => {
  it("logs the error through server/log with the declared route and digest, never the path, query or headers", async () => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const error = Object.assign(new Error("Failed query: select 1 where email = $1\nparams: ada.admin@example.com"), {
      params: ["ada.admin@example.com"],
      digest: "2718281828",
    });
    await onRequestError(error, request, context);
    expect(logged).toHaveBeenCalledTimes(1);
    const [fields, message] = logged.mock.calls[0]! as unknown as [Record<string, unknown>, string];
    expect(message).toBe("request failed");
    expect(fields).toEqual({ err: error, method: "GET", route: "/customers/[id]", routeType: "render", digest: "2718281828" });
    expect(JSON.stringify({ ...fields, err: undefined })).not.toMatch(/cus_42|ada\.admin|session-cookie/);
  });

  it("does not log a page's replacement again (server/http/page.ts logged its cause)", async () => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    await onRequestError(new Error("page failed"), request, context);
    expect(logged).not.toHaveBeenCalled();
  });
});
