import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const scanned = ["server", "lib"];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The project's own compiler options, so `@/` resolves the way tsc and Next resolve it. */
function compilerOptions(): ts.CompilerOptions {
  const configPath = join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
}

/** Every import (type-only ones too: they still tie the two files' designs together) that lands in server/ or lib/. */
function importGraph(): Map<string, string[]> {
  const options = compilerOptions();
  const graph = new Map<string, string[]>();
  for (const file of scanned.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const resolved = ts.resolveModuleName(fileName, join(root, file), options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) return [];
      const target = relative(root, resolved.resolvedFileName);
      return scanned.some((dir) => target.startsWith(`${dir}/`)) ? [target] : [];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components: any component of two or more files (or a self-import) is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * A feature folder: `server/audit/writer.ts` and `server/audit/x/y.ts` are both in `server/audit`;
 * a file directly under server/ or lib/ (env.ts, log.ts, csv.ts) is a unit of its own.
 */
function folderOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : file;
}

function folderGraph(files: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
    folders.set(from, edges);
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}

/** Which files make a folder cycle, so a failure says what to move. */
function explain(cycle: string[], files: Map<string, string[]>): string {
  const edges = [...files].flatMap(([file, targets]) =>
    targets
      .filter((t) => cycle.includes(folderOf(file)) && cycle.includes(folderOf(t)) && folderOf(t) !== folderOf(file))
      .map((t) => `${file} -> ${t}`),
  );
  return `${cycle.join(" <-> ")}:\n  ${edges.join("\n  ")}`;
}

describe("imports inside server/ and lib/", () => {
  it("finds a planted cycle (the check itself works)", () => {
    const planted = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cycles(planted)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });

  it("resolves the project's `@/` imports", () => {
    expect(importGraph().get("server/db/client.ts")).toContain("server/db/migrate.ts");
  });

  it("form no cycle between files", () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  it("form no cycle between feature folders (a folder that imports another is not imported back by it)", () => {
    const files = importGraph();
    const found = cycles(folderGraph(files));
    expect(found.map((cycle) => explain(cycle, files))).toEqual([]);
  });

  it("tells the folders of a planted cycle apart from the files in them", () => {
    const planted = new Map([
      ["server/a/one.ts", ["server/b/two.ts"]],
      ["server/b/two.ts", []],
      ["server/b/three.ts", ["server/a/four.ts"]],
      ["server/a/four.ts", []],
      ["server/env.ts", []],
    ]);
    expect(cycles(planted)).toEqual([]);
    expect(cycles(folderGraph(planted))).toEqual([["server/a", "server/b"]]);
  });
});
