import "server-only";
import { objectHref } from "@/lib/finance/object-href";
import type { FirstSteps } from "@/lib/sandbox/first-steps";
import { env } from "@/server/env";
import { maskTail } from "@/server/privacy";
import { SEED } from "@/server/simulator/seed/ids";

const e = encodeURIComponent;

/** The seed objects to open first, per workflow, from the simulator's own list of seed ids. */
const SANDBOX_FIRST_STEPS: FirstSteps = {
  finance: {
    workflow: "finance",
    title: "Finance",
    page: "/finance",
    line: "Open a reported transaction, then a card with 5,200 transactions to filter, sort and export.",
    seeds: [
      { id: SEED.transactions.usdReported, note: "reported transaction", href: objectHref("transaction", SEED.transactions.usdReported) },
      { id: SEED.cards.busy, note: "busy card", href: objectHref("card", SEED.cards.busy) },
      { id: SEED.bills.electricity, note: "bill with a token", href: objectHref("bill", SEED.bills.electricity) },
      { id: SEED.collections.ngn, note: "account: simulate a credit", href: objectHref("collection", SEED.collections.ngn) },
    ],
  },
  catalogue: {
    workflow: "catalogue",
    title: "Bill catalogue",
    page: "/bills/categories",
    line: "Open a category, then one of its billers' items.",
    seeds: [
      { id: SEED.billCategories.electricity, note: "electricity", href: `/bills/categories/${e(SEED.billCategories.electricity)}` },
      { id: SEED.billCategories.airtime, note: "airtime", href: `/bills/categories/${e(SEED.billCategories.airtime)}` },
      { id: SEED.billCategories.cableTv, note: "cable TV", href: `/bills/categories/${e(SEED.billCategories.cableTv)}` },
    ],
  },
  customers: {
    workflow: "customers",
    title: "Customers",
    page: "/customers",
    line: "Check a pending customer's verification, create a card for an approved one, see what a refused submission says.",
    seeds: [
      { id: SEED.customers.pending, note: "pending", href: objectHref("customer", SEED.customers.pending) },
      { id: SEED.customers.approved, note: "approved: create a card", href: objectHref("customer", SEED.customers.approved) },
      { id: SEED.customers.kycIncomplete, note: "details missing", href: objectHref("customer", SEED.customers.kycIncomplete) },
    ],
  },
  bvn: {
    workflow: "bvn",
    title: "BVN lookup",
    page: "/bvn",
    line: "Look up a number with a record, then one with none (each lookup is audited and counts towards your hourly limit).",
    seeds: [
      { id: SEED.bvn.found, note: "has a record", href: null, shown: maskTail(SEED.bvn.found) },
      { id: SEED.bvn.notFound, note: "no record", href: null, shown: maskTail(SEED.bvn.notFound) },
    ],
  },
};

/** The first steps in the sandbox; null against production, where nothing is offered. */
export function firstSteps(): FirstSteps | null {
  return env().environment === "sandbox" ? SANDBOX_FIRST_STEPS : null;
}
