-- One contact update in flight per customer (server/customers/contacts.ts). The payments API has
-- no customer read, so the stored copy can only match what it holds if updates reach it one at a
-- time, each saved before the next is sent: the request whose INSERT takes this row sends
-- POST /customers/{id}/update, and a colleague's concurrent edit is refused instead of sent.
-- The row is deleted when the call ends; one left by a crashed instance expires at claimed_until.
CREATE TABLE IF NOT EXISTS customer_contact_claims (
  customer_id text PRIMARY KEY,
  claim_id text NOT NULL,
  claimed_until timestamptz NOT NULL
);
