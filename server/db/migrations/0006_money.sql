-- Money-moving actions happen once per intent. One row per (scope, key): the caller's
-- Idempotency-Key for card creation, the sender reference for a credit simulation. Inserted
-- 'in_progress' before the upstream call (the primary key makes one request the owner), then
-- completed with the exact answer, which every replay returns.
CREATE TABLE idempotency_records (
  scope text NOT NULL CHECK (scope IN ('card.create', 'credit.simulate')),
  key text NOT NULL,
  fingerprint text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
  response_status integer,
  -- The exact JSON text answered (jsonb would reorder keys; replays must be byte-identical).
  response_body text,
  staff_id uuid,
  request_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- An owner that has not completed by then is presumed dead (a crashed instance).
  lease_expires_at timestamptz NOT NULL,
  -- After this the key may be used again; null = kept (credit references are never reused).
  expires_at timestamptz,
  completed_at timestamptz,
  PRIMARY KEY (scope, key)
);
--> statement-breakpoint

CREATE INDEX idempotency_records_expires ON idempotency_records (expires_at) WHERE expires_at IS NOT NULL;
--> statement-breakpoint

-- One live card issuance per customer, whatever the key: held from before the upstream call until
-- its outcome is recorded in card_issuances, so the 24-hour check and the issuance cannot interleave.
CREATE TABLE card_issuance_claims (
  customer_id text PRIMARY KEY,
  idempotency_key text NOT NULL,
  request_id text NOT NULL,
  staff_id uuid,
  staff_email text NOT NULL,
  staff_name text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint

-- Every card issued, and every attempt whose outcome is unknown (timeout, interrupted): both count
-- as "a card was recently issued" for the next 24 hours.
CREATE TABLE card_issuances (
  id bigserial PRIMARY KEY,
  customer_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('issued', 'unknown')),
  card_id text,
  card_last4 text,
  staff_id uuid,
  staff_email text NOT NULL,
  staff_name text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  request_id text NOT NULL,
  idempotency_key text NOT NULL
);
--> statement-breakpoint

CREATE INDEX card_issuances_customer ON card_issuances (customer_id, issued_at DESC);
--> statement-breakpoint

-- Replaced by card_issuance_claims (one call at a time was not one card per intent).
DROP TABLE IF EXISTS card_creation_leases;
