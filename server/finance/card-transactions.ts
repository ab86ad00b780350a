import "server-only";
import { CARD_ROW_COLUMNS, toCompactRow, type CompactCardRows } from "@/lib/finance/card-rows";
import type { CardTransaction } from "@/lib/schemas";
import type { StaffMember } from "@/server/auth/staff-repo";
import { upstream } from "@/server/upstream/client";
import { recordOpenedQuietly } from "./recent";

/** Every transaction of a card in the compact table form (see lib/finance/card-rows.ts). */
export async function readCardRows(staff: StaffMember, cardId: string): Promise<CompactCardRows> {
  const list = await upstream().getCardTransactions(cardId);
  await recordOpenedQuietly(staff.id, "card", cardId);
  return { columns: [...CARD_ROW_COLUMNS], rows: list.map(toCompactRow) };
}

export async function readCardTransaction(staff: StaffMember, cardId: string, transactionId: string): Promise<CardTransaction> {
  const transaction = await upstream().getCardTransaction(cardId, transactionId);
  await recordOpenedQuietly(staff.id, "card_transaction", transaction.id, cardId);
  return transaction;
}
