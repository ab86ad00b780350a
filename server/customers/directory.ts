import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DirectoryQuery, DirectoryRow } from "@/lib/customers/directory";
import { panelState, type PanelState } from "@/lib/customers/verification-states";
import { isApproved } from "@/lib/schemas/card-verification";
import type { VerificationStatus } from "@/lib/schemas/card-verification";
import { likePattern, matchesFolded } from "@/server/db/like";
import { rows } from "@/server/db/migrate";
import type { Db } from "@/server/db/types";
import { NOT_FOUND_CODE } from "./verification-store";

export const DIRECTORY_LIMIT = 100;

/** The SQL twin of panelState (lib/customers/verification-states.ts), so the filter and the badge agree. */
function stateCondition(state: PanelState): SQL {
  const verified = sql`coalesce(s.verified_at_issuance, false)`;
  if (state === "verified_at_issuance") return sql`${verified}`;
  const status = (value: VerificationStatus) => sql`NOT ${verified} AND s.status = ${value}`;
  switch (state) {
    case "unknown":
      return sql`NOT ${verified} AND s.status IS NULL`;
    case "not_submitted":
      return status("NOT_SUBMITTED");
    case "pending":
      return status("PENDING");
    case "approved":
      return sql`${status("APPROVED")} AND s.can_create_card`;
    case "approved_no_card":
      return sql`${status("APPROVED")} AND NOT s.can_create_card`;
    case "rejected":
      return status("REJECTED");
    case "reconciliation_required":
      return status("RECONCILIATION_REQUIRED");
  }
}

type Raw = {
  customer_id: string;
  status: VerificationStatus | null;
  can_create_card: boolean;
  verified: boolean;
  checked_at: Date | string | null;
  cards: number;
  contact_set: boolean;
  last_activity: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Every customer the back-office has touched: a stored verification state (ids remembered only as
 * "not found" left out), a card issued, or a contact saved. Newest activity first; at most
 * DIRECTORY_LIMIT rows, `more` telling whether the filters should be narrowed.
 */
export async function listCustomers({
  db,
  input: query,
  limit = DIRECTORY_LIMIT,
}: {
  db: Db;
  input: DirectoryQuery;
  limit?: number;
}): Promise<{ rows: DirectoryRow[]; more: boolean }> {
  const where: SQL[] = [];
  if (query.state) where.push(stateCondition(query.state));
  if (query.q) where.push(matchesFolded(sql`ids.customer_id`, likePattern(query.q, "contains")));
  const result = await db.execute(sql`
    WITH ids AS (
      SELECT customer_id FROM card_verification_state
        WHERE NOT (status IS NULL AND NOT verified_at_issuance AND last_error_code = ${NOT_FOUND_CODE})
      UNION SELECT customer_id FROM card_issuances
      UNION SELECT customer_id FROM customer_contacts
    ), issued AS (
      SELECT customer_id, count(*) FILTER (WHERE outcome = 'issued')::int AS cards, max(issued_at) AS last_issued
      FROM card_issuances GROUP BY customer_id
    )
    SELECT ids.customer_id, s.status, coalesce(s.can_create_card, false) AS can_create_card,
      coalesce(s.verified_at_issuance, false) AS verified, s.checked_at,
      coalesce(i.cards, 0) AS cards, (c.customer_id IS NOT NULL) AS contact_set,
      GREATEST(s.updated_at, c.updated_at, i.last_issued) AS last_activity
    FROM ids
      LEFT JOIN card_verification_state s ON s.customer_id = ids.customer_id
      LEFT JOIN customer_contacts c ON c.customer_id = ids.customer_id
      LEFT JOIN issued i ON i.customer_id = ids.customer_id
    ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
    ORDER BY last_activity DESC NULLS LAST, ids.customer_id
    LIMIT ${limit + 1}
  `);
  const found = rows<Raw>(result);
  return {
    more: found.length > limit,
    rows: found.slice(0, limit).map((r) => ({
      customer_id: r.customer_id,
      state: panelState({
        status: r.status,
        approved: isApproved({ status: r.status, can_create_card: r.can_create_card }),
        verified_at_issuance: r.verified,
      }),
      cards_issued: Number(r.cards),
      contact_set: r.contact_set,
      last_checked_at: iso(r.checked_at),
      last_activity_at: iso(r.last_activity),
    })),
  };
}
