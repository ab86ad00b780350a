-- The last known card-verification state per customer, shared by every staff member and server
-- instance: the upstream check may be made once per minute per customer, whoever asks.
CREATE TABLE card_verification_state (
  customer_id text PRIMARY KEY,
  status text CHECK (status IN ('NOT_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED', 'RECONCILIATION_REQUIRED')),
  can_create_card boolean NOT NULL DEFAULT false,
  status_source text CHECK (status_source IN ('check', 'submit', 'webhook', 'card')),
  status_updated_at timestamptz,
  -- Nigerian customers are verified when the card is created (spec rule 3); learned from the upstream's 422.
  verified_at_issuance boolean NOT NULL DEFAULT false,
  checked_at timestamptz,
  last_error_code text,
  last_error_message text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- One row per distinct webhook event id: the primary key is what makes processing happen once.
CREATE TABLE verification_events (
  event_id text PRIMARY KEY,
  customer_id text NOT NULL,
  status text NOT NULL,
  can_create_card boolean NOT NULL,
  decided_at timestamptz,
  received_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

-- Every authenticated delivery, duplicates included.
CREATE TABLE verification_event_deliveries (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL,
  customer_id text NOT NULL,
  status text NOT NULL,
  duplicate boolean NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

CREATE INDEX verification_event_deliveries_received ON verification_event_deliveries (received_at DESC);
--> statement-breakpoint

-- A lease per customer while a POST /cards is in flight, so concurrent clicks make one upstream call.
CREATE TABLE card_creation_leases (
  customer_id text PRIMARY KEY,
  request_id text NOT NULL,
  expires_at timestamptz NOT NULL
);
