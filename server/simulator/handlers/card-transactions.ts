import "server-only";
import { param, type Handler, type HandlerContext } from "@/server/simulator/context";
import { fail, json, jsonText } from "@/server/simulator/respond";
import { cardTransactionIndex, generateCardTransaction, generatedCardSize } from "@/server/simulator/seed/card-transactions";

/** The provider's public docs: page 1 is the first, limit defaults to 10 and is at most 100. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

/** Generated cards have their seeded history; cards made by POST /cards exist with none yet. */
function cardSize(ctx: HandlerContext, cardId: string): number {
  const size = generatedCardSize(cardId);
  if (size !== null) return size;
  if (ctx.state.cards.has(cardId)) return 0;
  throw fail.notFound("card", cardId);
}

/** A whole number within bounds, or the default when absent; anything else is a 400 naming the parameter. */
function wholeParam(query: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw fail.general(400, "Invalid query parameter.", {
      [name]:
        max === Number.MAX_SAFE_INTEGER ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`,
    });
  }
  return value;
}

/** The rows of one page, in the same order as the whole list. */
function pageOf(cardId: string, size: number, page: number, limit: number): Response {
  const start = (page - 1) * limit;
  const rows = [];
  for (let i = start; i < Math.min(size, start + limit); i++) rows.push(generateCardTransaction(cardId, i, size));
  return json(200, rows);
}

export const getCardTransactions: Handler = (ctx) => {
  const cardId = param(ctx, "id");
  const size = cardSize(ctx, cardId);
  const mode = ctx.config.listPaging;
  if (mode !== "none") {
    const query = new URL(ctx.request.url).searchParams;
    const limit = wholeParam(query, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT);
    const page = wholeParam(query, "page", 1, Number.MAX_SAFE_INTEGER, 1);
    // "ignore-page" stands for an upstream that honours `limit` but always answers the first page.
    return pageOf(cardId, size, mode === "ignore-page" ? 1 : page, limit);
  }
  if (size === 0) return json(200, []);
  return jsonText(200, ctx.cardTransactions.json(cardId, size));
};

export const getCardTransaction: Handler = (ctx) => {
  const cardId = param(ctx, "id");
  const transactionId = param(ctx, "transactionId");
  const size = cardSize(ctx, cardId);
  const index = cardTransactionIndex(cardId, transactionId, size);
  if (index === null) throw fail.notFound("transaction on this card", transactionId);
  return json(200, generateCardTransaction(cardId, index, size));
};
