-- The upstream has no list or search endpoints: this index remembers the objects staff have read
-- through the back-office, so they can be found again by reference, account number or customer id.
CREATE TABLE IF NOT EXISTS seen_objects (
  kind text NOT NULL,
  id text NOT NULL,
  reference text,
  account_number text,
  customer_id text,
  label text NOT NULL DEFAULT '',
  report boolean NOT NULL DEFAULT false,
  amount double precision,
  currency text,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS seen_objects_reference_idx ON seen_objects (lower(reference));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS seen_objects_account_number_idx ON seen_objects (account_number);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS seen_objects_customer_id_idx ON seen_objects (customer_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS seen_objects_seen_at_idx ON seen_objects (kind, seen_at DESC);
