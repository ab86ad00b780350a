import "server-only";
import type { Collection, Transaction } from "@/lib/schemas";
import type { StaffMember } from "@/server/auth/staff-repo";
import { upstream } from "@/server/upstream/client";
import { readConfirmed, recordSeenQuietly } from "./seen-objects";
import { recordOpenedQuietly } from "./recent";

export async function readTransaction(staff: StaffMember, id: string): Promise<Transaction> {
  const transaction = await readConfirmed("transaction", id, () => upstream().getTransaction(id));
  await Promise.all([
    recordOpenedQuietly(staff.id, "transaction", transaction.id),
    recordSeenQuietly({ kind: "transaction", object: transaction }),
  ]);
  return transaction;
}

export async function readCollection(staff: StaffMember, id: string): Promise<Collection> {
  const collection = await readConfirmed("collection", id, () => upstream().getCollection(id));
  await Promise.all([
    recordOpenedQuietly(staff.id, "collection", collection.id),
    recordSeenQuietly({ kind: "collection", object: collection }),
  ]);
  return collection;
}
