-- A granted reveal is used up only by a request that succeeded. The maker's request claims it
-- (status 'in_use', its claim_id) before its handler runs, and on success it becomes 'executed';
-- a refusal or an error gives it back ('approved'). claimed_until bounds a claim whose instance
-- stopped, judged on the database's clock: past it, the grant is given back too.
ALTER TABLE approvals ADD COLUMN IF NOT EXISTS claim_id text;
--> statement-breakpoint
ALTER TABLE approvals ADD COLUMN IF NOT EXISTS claimed_until timestamptz;
--> statement-breakpoint
-- A grant in use is still the maker's open request for that intent: a second request meanwhile
-- must find it, not store a new one beside it.
DROP INDEX IF EXISTS approvals_open_intent;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS approvals_open_intent ON approvals (action, requested_by, intent)
  WHERE status IN ('pending', 'approved', 'in_use');
