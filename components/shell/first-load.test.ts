import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * What each page's browser code loads with the page, read from the source: from the page, its
 * layouts and its segments' error, loading and not-found files, every static import is followed;
 * from a "use client" file on, what it imports is browser code. `import type` and `import()` (what
 * loads on use: React.lazy, a schema fetched on submit) are not followed. The bench measures the
 * bytes; this keeps the packages that have no place in a first load from coming back unnoticed.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Packages no page's first load may hold: each loads when it is used (the palette, a dialog, a form's
 * submit, a QR code, the allowlist's address check once there is a range).
 */
const NEVER_ON_FIRST_LOAD = ["zod", "cmdk", "@radix-ui/react-dialog", "qrcode", "libphonenumber-js", "next-auth", "ipaddr.js"];
/** The sign-in page also has no app shell: no query client, no virtual table. */
const NOT_ON_SIGN_IN = ["@tanstack/react-query", "@tanstack/react-virtual"];

type Import = { file: string } | { pkg: string };

function resolveImport(from: string, spec: string): Import | null {
  const base = spec.startsWith("@/") ? join(root, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(from), spec) : null;
  if (base === null) return { pkg: spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]! };
  for (const suffix of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const path = base + suffix;
    if (existsSync(path) && statSync(path).isFile()) return { file: path };
  }
  // CSS and other assets: nothing of JavaScript to follow.
  return null;
}

const parsed = new Map<string, { client: boolean; imports: Import[] }>();

/** A file's static value imports (type-only ones are erased by the compiler) and whether it is a client module. */
function read(file: string) {
  const known = parsed.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const first = source.statements[0];
  const client =
    first !== undefined &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === "use client";
  const imports: Import[] = [];
  for (const statement of source.statements) {
    let spec: string | null = null;
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          !clause.name &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) spec = statement.moduleSpecifier.text;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (!statement.isTypeOnly) spec = statement.moduleSpecifier.text;
    }
    const target = spec === null ? null : resolveImport(file, spec);
    if (target) imports.push(target);
  }
  const result = { client, imports };
  parsed.set(file, result);
  return result;
}

/**
 * What a page's browser code imports statically: the packages, each with the chain of files that
 * brings it in, and the project's own files.
 */
function browserImports(entries: string[]): { packages: Map<string, string[]>; files: Set<string> } {
  const packages = new Map<string, string[]>();
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string, inClient: boolean, chain: string[]) => {
    const key = `${inClient}:${file}`;
    if (seen.has(key)) return;
    seen.add(key);
    const { client, imports } = read(file);
    const browser = inClient || client;
    // Server code never renders a client component (lint keeps server/ apart from components/).
    if (!browser && relative(root, file).startsWith("server/")) return;
    if (browser) files.add(relative(root, file));
    const here = [...chain, relative(root, file)];
    for (const target of imports) {
      if ("pkg" in target) {
        if (browser && !packages.has(target.pkg)) packages.set(target.pkg, here);
      } else walk(target.file, browser, here);
    }
  };
  for (const entry of entries) walk(entry, false, []);
  return { packages, files };
}

/** The index of every endpoint: a module loads whole, so browser code names its endpoints' own file. */
const ENDPOINTS_INDEX = "lib/contracts/endpoints.ts";

const SEGMENT_FILES = ["layout.tsx", "template.tsx", "error.tsx", "loading.tsx", "not-found.tsx"];

/** Every page under app/ with the files Next.js renders around it, by the route it serves. */
function pages(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (dir: string, around: string[]) => {
    const here = [...around, ...SEGMENT_FILES.map((f) => join(dir, f)).filter((f) => existsSync(f))];
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === "api") continue;
      if (statSync(path).isDirectory()) walk(path, here);
      else if (name === "page.tsx") {
        const route = `/${relative(join(root, "app"), dir)
          .split("/")
          .filter((s) => s && !/^\(.*\)$/.test(s))
          .join("/")}`;
        out.set(route, [...here, path]);
      }
    }
  };
  walk(join(root, "app"), []);
  return out;
}

describe("first-load browser code, from the source", () => {
  const all = pages();
  // Each route's walk is read by several checks: walked once.
  const walks = new Map<string, ReturnType<typeof browserImports>>();
  const importsOf = (route: string) => walks.get(route) ?? walks.set(route, browserImports(all.get(route)!)).get(route)!;

  it("finds the pages, the sign-in page among them", () => {
    expect(all.size).toBeGreaterThan(20);
    expect(all.has("/sign-in")).toBe(true);
  });

  it.each([...all.keys()])("%s loads none of the packages that load on use", (route) => {
    const packages = importsOf(route).packages;
    // Checked against the walk itself: a page with a client component imports React.
    expect(packages.has("react")).toBe(true);
    const found = NEVER_ON_FIRST_LOAD.filter((pkg) => packages.has(pkg)).map((pkg) => `${pkg} via ${packages.get(pkg)!.join(" → ")}`);
    expect(found).toEqual([]);
  });

  it.each([...all.keys()])("%s names its endpoints from their own files, not from the index of all", (route) => {
    expect([...importsOf(route).files].filter((f) => f === ENDPOINTS_INDEX)).toEqual([]);
  });

  it("the walk sees the endpoint files a page calls (so the check above can fail)", () => {
    expect(importsOf("/cards/[id]/transactions").files.has("lib/contracts/endpoints/card-transactions.ts")).toBe(true);
  });

  it("the root not-found, whose imports load with every page, has no client code of its own (not even next/link)", () => {
    const imports = read(join(root, "app/not-found.tsx")).imports;
    expect(imports.some((i) => "file" in i && read(i.file).client)).toBe(false);
    expect(readFileSync(join(root, "app/not-found.tsx"), "utf8")).not.toMatch(/from "next\/link"/);
  });

  it("/sign-in loads no app shell: no query client, no virtual table", () => {
    // The root layout's files (not-found.tsx among them) are loaded with every page, this one included.
    const packages = importsOf("/sign-in").packages;
    const found = NOT_ON_SIGN_IN.filter((pkg) => packages.has(pkg)).map((pkg) => `${pkg} via ${packages.get(pkg)!.join(" → ")}`);
    expect(found).toEqual([]);
  });
});
