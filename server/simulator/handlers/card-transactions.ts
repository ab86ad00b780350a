import "server-only";
import { param, type Handler, type HandlerContext } from "../context";
import { fail, json, jsonText } from "../respond";
import { cardTransactionIndex, generateCardTransaction, generatedCardSize } from "../seed/card-transactions";

/** Generated cards have their seeded history; cards made by POST /cards exist with none yet. */
function cardSize(ctx: HandlerContext, cardId: string): number {
  const size = generatedCardSize(cardId);
  if (size !== null) return size;
  if (ctx.state.cards.has(cardId)) return 0;
  throw fail.notFound("card", cardId);
}

export const getCardTransactions: Handler = (ctx) => {
  const cardId = param(ctx, "id");
  const size = cardSize(ctx, cardId);
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
