import * as account from "./account";
import * as approvals from "./approvals";
import * as audit from "./audit";
import * as business from "./business";
import * as cardTransactions from "./card-transactions";
import * as cards from "./cards";
import * as compliance from "./compliance";
import type { Contract } from "./contract";
import * as customers from "./customers";
import * as finance from "./finance";
import * as ops from "./ops";
import * as security from "./security";
import * as staff from "./staff";
import * as views from "./views";
import * as webhooks from "./webhooks";

/** Every contract of our API, by area; the route-matrix test checks each has its route file and back. */
const areas = {
  account,
  approvals,
  audit,
  business,
  cardTransactions,
  cards,
  compliance,
  customers,
  finance,
  ops,
  security,
  staff,
  views,
  webhooks,
};

function contractsOf(module: Record<string, unknown>): Contract[] {
  return Object.values(module).filter(
    (value): value is Contract =>
      typeof value === "object" && value !== null && "method" in value && "path" in value && "response" in value,
  );
}

export const allContracts: Contract[] = Object.values(areas).flatMap(contractsOf);

/** Each contract under its exported name (lib/contracts/endpoints.ts names the browser's entries the same way). */
export const contractsByName: ReadonlyMap<string, Contract> = new Map(
  Object.values(areas).flatMap((module) =>
    Object.entries(module).filter((entry): entry is [string, Contract] => contractsOf({ [entry[0]]: entry[1] }).length === 1),
  ),
);
