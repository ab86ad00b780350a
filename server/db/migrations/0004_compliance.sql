-- The "looked up in the last 24 hours?" check and the per-staff quota both read BVN lookups from the
-- audit trail (the app keeps nothing else of a lookup); these partial indexes keep both cheap.
CREATE INDEX audit_log_bvn_hash_idx ON audit_log ((detail ->> 'bvnHash'), occurred_at DESC) WHERE action = 'bvn.lookup';
--> statement-breakpoint
CREATE INDEX audit_log_bvn_actor_idx ON audit_log (actor_staff_id, occurred_at DESC) WHERE action = 'bvn.lookup';
--> statement-breakpoint
CREATE INDEX audit_log_outcome_idx ON audit_log (outcome, id DESC);
