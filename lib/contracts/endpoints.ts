/**
 * The browser's side of the contracts: each endpoint the browser calls, as plain data (method, path,
 * and what call() must know: the Idempotency-Key, the codes whose refusal carries a body). The
 * contracts themselves hold zod schemas, which the browser has no use for: route() parses every
 * request and answer on the server, so the browser's calls (lib/client/) read the answer as the
 * contract's type without parsing it again and keep zod out of every page's first load.
 *
 * Each entry is typed by its contract (`import type` only): a method or path that differs from the
 * contract's does not compile, and endpoints.test.ts checks the rest against the contracts themselves.
 *
 * The entries sit in endpoints/, one file per contract file, and browser code imports them from
 * there: a module is loaded whole, so a page importing this index would carry every endpoint's
 * path (components/shell/first-load.test.ts refuses it). This index lists them all, for the test.
 */
export type { Endpoint } from "./endpoints/endpoint";
export * from "./endpoints/account";
export * from "./endpoints/approvals";
export * from "./endpoints/audit";
export * from "./endpoints/business";
export * from "./endpoints/card-transactions";
export * from "./endpoints/cards";
export * from "./endpoints/compliance";
export * from "./endpoints/customers";
export * from "./endpoints/finance";
export * from "./endpoints/staff";
export * from "./endpoints/views";
export * from "./endpoints/security";
export * from "./endpoints/webhooks";
