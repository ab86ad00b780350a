-- A short claim instead of a transaction held across the upstream GET: the instance whose UPDATE
-- sets check_claimed_until makes the call; every other request waits on the row, not on a lock.
ALTER TABLE card_verification_state ADD COLUMN check_claimed_until timestamptz;
--> statement-breakpoint
ALTER TABLE card_verification_state ADD COLUMN check_claim_id text;
--> statement-breakpoint
-- The moment the stored status describes (a webhook's decided_at, or when a check/submit was sent):
-- an older decision arriving later does not overwrite a newer one.
ALTER TABLE card_verification_state ADD COLUMN status_as_of timestamptz;
--> statement-breakpoint
-- Counting BVN lookups per staff member per hour reads the audit log by action and actor.
CREATE INDEX IF NOT EXISTS audit_log_actor_action_idx ON audit_log (actor_staff_id, action, occurred_at DESC);
