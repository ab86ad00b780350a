import "server-only";
import { param, type Handler } from "@/server/simulator/context";
import { fail, json } from "@/server/simulator/respond";

/** Plain reads of seeded (and credit-simulation) records, scoped to the authenticated business. */
export const getBusiness: Handler = (ctx) => {
  const business = ctx.state.businesses.get(ctx.businessId);
  if (!business) throw fail.notFound("business", ctx.businessId);
  return json(200, business);
};

export const getTransaction: Handler = (ctx) => {
  const id = param(ctx, "id");
  const transaction = ctx.state.transactions.get(id);
  if (!transaction) throw fail.notFound("transaction", id);
  return json(200, transaction);
};

export const getBill: Handler = (ctx) => {
  const id = param(ctx, "id");
  const bill = ctx.state.bills.get(id);
  if (!bill) throw fail.notFound("bill", id);
  return json(200, bill);
};

export const getCollection: Handler = (ctx) => {
  const id = param(ctx, "id");
  const collection = ctx.state.collections.get(id);
  if (!collection) throw fail.notFound("collection", id);
  return json(200, collection);
};
