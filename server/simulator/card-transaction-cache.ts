import "server-only";
import { generateCardTransaction } from "./seed/card-transactions";

/**
 * Serialised transaction lists of the generated cards. Serialising 200,000 transactions takes a
 * while and a lot of memory, so the few most recent lists are kept as text and older ones dropped.
 */
export function createCardTransactionCache(maxEntries = 3) {
  const cache = new Map<string, string>();
  return {
    json(cardId: string, size: number): string {
      const hit = cache.get(cardId);
      if (hit !== undefined) {
        // Re-insert to mark as most recently used.
        cache.delete(cardId);
        cache.set(cardId, hit);
        return hit;
      }
      // Serialised one by one so that no list of 200,000 objects is ever alive at once.
      const parts = new Array<string>(size);
      for (let i = 0; i < size; i++) parts[i] = JSON.stringify(generateCardTransaction(cardId, i, size));
      const text = `[${parts.join(",")}]`;
      cache.set(cardId, text);
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
      return text;
    },
  };
}

export type CardTransactionCache = ReturnType<typeof createCardTransactionCache>;
