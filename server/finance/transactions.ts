import "server-only";
import type { Collection, Transaction } from "@/lib/schemas";
import type { StaffMember } from "@/server/auth/staff-repo";
import type { Db } from "@/server/db/types";
import { upstream } from "@/server/upstream/client";
import { readConfirmed, recordSeenQuietly } from "./seen-objects";
import { recordOpenedQuietly } from "./recent";

/** A read of one finance object by id, for a staff member (the opening goes into their "recent"). */
export type ObjectRead = { db: Db; actor: StaffMember; input: { id: string } };

export async function readTransaction({ db, actor, input: { id } }: ObjectRead): Promise<Transaction> {
  const transaction = await readConfirmed({ db, kind: "transaction", id, read: () => upstream().getTransaction(id) });
  await Promise.all([
    recordOpenedQuietly({ db, staffId: actor.id, kind: "transaction", id: transaction.id }),
    recordSeenQuietly({ db, seen: { kind: "transaction", object: transaction } }),
  ]);
  return transaction;
}

export async function readCollection({ db, actor, input: { id } }: ObjectRead): Promise<Collection> {
  const collection = await readConfirmed({ db, kind: "collection", id, read: () => upstream().getCollection(id) });
  await Promise.all([
    recordOpenedQuietly({ db, staffId: actor.id, kind: "collection", id: collection.id }),
    recordSeenQuietly({ db, seen: { kind: "collection", object: collection } }),
  ]);
  return collection;
}
