-- An Idempotency-Key names one intent of the member who sent it: a colleague who happens to send
-- the same key has another intent (its own claim, its own upstream call), not a replay of the first
-- member's answer. A credit's sender reference names the credit itself and stays one per business
-- (owner ''). Rows written before this keep working: card keys take their member, credits ''.
ALTER TABLE idempotency_records ADD COLUMN IF NOT EXISTS owner text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE idempotency_records SET owner = staff_id::text WHERE scope = 'card.create' AND staff_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE idempotency_records DROP CONSTRAINT IF EXISTS idempotency_records_pkey;
--> statement-breakpoint
ALTER TABLE idempotency_records ADD PRIMARY KEY (scope, owner, key);
