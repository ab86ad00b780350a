-- What each staff member opened last in the finance workspace. The API has no lists, only reads by
-- id, so this is how someone finds their way back to the payment they were looking at.
CREATE TABLE recent_objects (
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('transaction', 'bill', 'collection', 'card', 'card_transaction')),
  object_id text NOT NULL,
  -- The card of a card transaction; '' otherwise (part of the key, so not null).
  parent_id text NOT NULL DEFAULT '',
  opened_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (staff_id, kind, parent_id, object_id)
);
--> statement-breakpoint
CREATE INDEX recent_objects_staff_opened ON recent_objects (staff_id, opened_at DESC);
