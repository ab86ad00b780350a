import { describe, expect, it } from "vitest";
import * as endpoints from "./endpoints";
import { contractsByName as byName } from "./index";

describe("lib/contracts/endpoints.ts", () => {
  // The types already refuse another method or path; this also holds for what only exists at run time.
  it.each(Object.entries(endpoints))("%s is its contract's method, path, key and declared error bodies", (name, endpoint) => {
    const c = byName.get(name);
    expect(c, `no contract named ${name}`).toBeDefined();
    expect({ ...endpoint }).toEqual({
      method: c!.method,
      path: c!.path,
      ...(c!.idempotent ? { idempotent: true } : {}),
      ...(c!.errorBodies ? { errorBodies: Object.keys(c!.errorBodies) } : {}),
    });
  });
});
