-- "Recently opened by the team" on every home (issue 33): customers opened are remembered too, so
-- the operations and compliance homes have theirs. The kind list is the CHECK of migration 0002.
ALTER TABLE recent_objects DROP CONSTRAINT IF EXISTS recent_objects_kind_check;
--> statement-breakpoint
ALTER TABLE recent_objects ADD CONSTRAINT recent_objects_kind_check
  CHECK (kind IN ('transaction', 'bill', 'collection', 'card', 'card_transaction', 'customer'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS recent_objects_opened_idx ON recent_objects (opened_at DESC);
