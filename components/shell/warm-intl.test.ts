import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { WARM_INTL_SCRIPT } from "./warm-intl";

/** Runs the head's script with a stand-in for the browser's Worker, Blob and URL; what it started comes back. */
async function runHead(options: { workers: boolean }) {
  const started: string[] = [];
  const revoked: string[] = [];
  const blobs = new Map<string, Blob>();
  const URLs = {
    createObjectURL(blob: Blob) {
      const url = `blob:http://localhost/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  };
  const Worker = function (this: unknown, url: string) {
    started.push(url);
  };
  runInNewContext(WARM_INTL_SCRIPT, { Blob, URL: URLs, ...(options.workers ? { Worker } : {}) });
  const sources = await Promise.all(started.map((url) => blobs.get(url)!.text()));
  return { started, revoked, sources };
}

describe("the head's Intl warm-up", () => {
  it("starts one worker from a blob and lets the blob's URL go", async () => {
    const { started, revoked } = await runHead({ workers: true });
    expect(started).toHaveLength(1);
    expect(started[0]).toMatch(/^blob:/);
    expect(revoked).toEqual(started);
  });

  it("gives the worker code that formats a date with a zone name and an amount and names a country, then ends the worker", async () => {
    const { sources } = await runHead({ workers: true });
    const calls: string[] = [];
    const closed: boolean[] = [];
    // The worker's own global scope: Intl as the runtime has it, `close` as a worker's.
    const IntlSeen = new Proxy(Intl, {
      get: (target, name) => (calls.push(String(name)), Reflect.get(target, name)),
    });
    runInNewContext(sources[0]!, { Intl: IntlSeen, close: () => closed.push(true) });
    expect(calls).toEqual(["DateTimeFormat", "NumberFormat", "DisplayNames"]);
    expect(closed).toEqual([true]);
  });

  it("is silent where a page has no workers: the page formats as before", async () => {
    const { started } = await runHead({ workers: false });
    expect(started).toHaveLength(0);
  });
});
