import "server-only";
import { param, type Handler } from "@/server/simulator/context";
import { fail, json } from "@/server/simulator/respond";
import { BILL_CATALOGUE } from "@/server/simulator/seed/bill-catalogue";

// Own keys only: an id such as "constructor" or "__proto__" must be an unknown category, not Object's.
const billersOf = (id: string) => (Object.hasOwn(BILL_CATALOGUE, id) ? BILL_CATALOGUE[id] : undefined);

/** `GET /bills/categories/{id}`: the category's billers as `[{ id, name }]`. */
export const getBillCategory: Handler = (ctx) => {
  const id = param(ctx, "id");
  const billers = billersOf(id);
  if (!billers) throw fail.notFound("bill category", id);
  return json(
    200,
    billers.map(({ id: billerId, name }) => ({ id: billerId, name })),
  );
};

/** `GET /bills/categories/{id}/items/{itemId}`: `itemId` is a biller of that category; answers its items. */
export const getBillCategoryItems: Handler = (ctx) => {
  const id = param(ctx, "id");
  const itemId = param(ctx, "itemId");
  const billers = billersOf(id);
  if (!billers) throw fail.notFound("bill category", id);
  const biller = billers.find((b) => b.id === itemId);
  if (!biller) throw fail.notFound("biller in this category", itemId);
  return json(200, biller.items);
};
