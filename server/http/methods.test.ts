import { HTTP_METHODS as NEXT_METHODS } from "next/dist/server/web/http";
import { autoImplementMethods } from "next/dist/server/route-modules/app-route/helpers/auto-implement-methods";
import type { AppRouteHandlers } from "next/dist/server/route-modules/app-route/module";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { allContracts } from "@/lib/contracts";
import { contract } from "@/lib/contracts/contract";
import { z } from "@/lib/validation/zod";
import { apiRouteFiles } from "@/server/testing/route-files";
import { HTTP_METHODS, methods } from "./methods";
import { route } from "./route";

vi.mock("@/server/auth/session", async (original) => ({
  ...(await original<object>()),
  currentStaff: async () => null,
  currentSignIn: async () => null,
}));

/** The auth library's catch-all, which declares no contract: next-auth answers GET and POST there. */
const LIBRARY_METHODS: Record<string, string[]> = { "/api/auth/[...nextauth]": ["GET", "POST"] };

const APP_DIR = path.join(process.cwd(), "app");
const files = apiRouteFiles().map((file) => ({
  file,
  template: "/" + path.relative(APP_DIR, path.dirname(file)).split(path.sep).join("/"),
}));

/** The Allow list a route answers with: what it declares, HEAD beside GET, and OPTIONS. */
function allowOf(template: string): string {
  const declared = LIBRARY_METHODS[template] ?? allContracts.filter((c) => c.path === template).map((c) => c.method);
  return [...declared, ...(declared.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
}

const urlOf = (template: string) => `http://localhost:3000${template.replace(/\[(\.\.\.)?([A-Za-z]+)\]/g, "sample_$2")}`;
const ctx = { params: Promise.resolve({}) };

/** What Next.js runs for a method on a route file: its export, or its own stand-in when there is none. */
async function nextHandlerFor(file: string, method: string) {
  const mod = (await import(file)) as AppRouteHandlers;
  return autoImplementMethods(mod)[method as (typeof NEXT_METHODS)[number]] as (
    request: NextRequest,
    context: unknown,
  ) => Promise<Response>;
}

async function expectRefused(res: Response, method: string, allow: string) {
  expect(res.status).toBe(405);
  expect(res.headers.get("Allow")).toBe(allow);
  expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const body = await res.text();
  // A HEAD answer's body is dropped on the way out; the envelope is still the same.
  expect(JSON.parse(body)).toEqual({ error: { code: "method_not_allowed", message: expect.stringContaining(method) } });
}

describe("a method the route file does not declare", () => {
  it("knows every method Next.js routes to a route file", () => {
    expect([...HTTP_METHODS].sort()).toEqual([...NEXT_METHODS].sort());
  });

  it("DELETE on a GET-only route: 405 with Allow and the error envelope", async () => {
    const res = await (
      await nextHandlerFor(path.join(APP_DIR, "api/me/route.ts"), "DELETE")
    )(new NextRequest(urlOf("/api/me"), { method: "DELETE" }), ctx);
    await expectRefused(res, "DELETE", "GET, HEAD, OPTIONS");
  });

  it("GET and HEAD on a POST-only route: 405 with Allow and the error envelope", async () => {
    const file = path.join(APP_DIR, "api/v1/cards/route.ts");
    for (const method of ["GET", "HEAD"]) {
      const res = await (await nextHandlerFor(file, method))(new NextRequest(urlOf("/api/v1/cards"), { method }), ctx);
      await expectRefused(res, method, "OPTIONS, POST");
    }
  });

  // Every route file, as Next.js would serve it: a new route cannot leave a method to Next's bare 405.
  for (const { file, template } of files) {
    it(`${template}: every other method is refused with Allow: ${allowOf(template)}`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      const allow = allowOf(template);
      const declared = allow.split(", ");
      for (const method of HTTP_METHODS) {
        // Exported, so Next.js never answers for it with its own stand-in.
        expect(typeof mod[method], `${template} exports ${method}`).toBe("function");
        if (method === "HEAD" && declared.includes("GET")) {
          // HEAD is the GET route, which answers it after its guards without running the handler.
          expect(mod.HEAD).toBe(mod.GET);
          continue;
        }
        const handler = await nextHandlerFor(file, method);
        if (method === "OPTIONS") {
          const res = await handler(new NextRequest(urlOf(template), { method }), ctx);
          expect([res.status, res.headers.get("Allow")]).toEqual([204, allow]);
        } else if (!declared.includes(method)) {
          await expectRefused(await handler(new NextRequest(urlOf(template), { method }), ctx), method, allow);
        }
      }
    });
  }
});

describe("methods()", () => {
  const read = contract({
    method: "GET",
    path: "/api/v1/things",
    capability: "finance.read",
    action: "x",
    response: z.object({}),
    errors: [],
  });
  const write = contract({
    method: "POST",
    path: "/api/v1/things",
    capability: "finance.read",
    action: "x",
    response: z.object({}),
    errors: [],
  });

  it("passes each declared route through as it is, so its contract travels with it", () => {
    const get = route(read, () => ({}));
    const post = route(write, () => ({}));
    const served = methods(get, post);
    expect([served.GET, served.HEAD, served.POST]).toEqual([get, get, post]);
  });

  it("refuses two routes for one method, or a route of another path", () => {
    expect(() =>
      methods(
        route(read, () => ({})),
        route(read, () => ({})),
      ),
    ).toThrow(/two routes for GET/);
    const elsewhere = contract({ ...write, path: "/api/v1/other" });
    expect(() =>
      methods(
        route(read, () => ({})),
        route(elsewhere, () => ({})),
      ),
    ).toThrow(/declared in the route file of/);
  });
});
