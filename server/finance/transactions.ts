import "server-only";
import type { Collection, Transaction } from "@/lib/schemas";
import type { StaffMember } from "@/server/auth/staff-repo";
import { upstream } from "@/server/upstream/client";
import { recordOpenedQuietly } from "./recent";

export async function readTransaction(staff: StaffMember, id: string): Promise<Transaction> {
  const transaction = await upstream().getTransaction(id);
  await recordOpenedQuietly(staff.id, "transaction", transaction.id);
  return transaction;
}

export async function readCollection(staff: StaffMember, id: string): Promise<Collection> {
  const collection = await upstream().getCollection(id);
  await recordOpenedQuietly(staff.id, "collection", collection.id);
  return collection;
}
