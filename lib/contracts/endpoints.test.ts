import { describe, expect, it } from "vitest";
import type { Contract } from "./contract";
import * as endpoints from "./endpoints";
import { allContracts } from "./index";
import * as account from "./account";
import * as approvals from "./approvals";
import * as audit from "./audit";
import * as business from "./business";
import * as cardTransactions from "./card-transactions";
import * as cards from "./cards";
import * as compliance from "./compliance";
import * as customers from "./customers";
import * as finance from "./finance";
import * as security from "./security";
import * as staff from "./staff";
import * as views from "./views";
import * as webhooks from "./webhooks";

const byName = new Map<string, Contract>();
for (const area of [
  account,
  approvals,
  audit,
  business,
  cardTransactions,
  cards,
  compliance,
  customers,
  finance,
  security,
  staff,
  views,
  webhooks,
])
  for (const [name, value] of Object.entries(area)) if (allContracts.includes(value as Contract)) byName.set(name, value as Contract);

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
