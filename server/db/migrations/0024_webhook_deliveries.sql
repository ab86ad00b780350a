-- The webhook delivery log (issue 33): one row per delivery the receiver saw, whatever became of it.
-- Unauthenticated and oversized bodies keep no payload (only their size); an authenticated body
-- keeps a masked copy of at most 4 KB (server/webhooks/delivery-log.ts). Rows older than 30 days,
-- and all but the newest 10,000, are pruned as new deliveries arrive.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  request_id text NOT NULL,
  -- applied | duplicate | stale (older than the stored decision) | refused | failed (our error)
  outcome text NOT NULL,
  -- For a refusal: signature | size | shape | not_configured
  refusal text,
  refusal_detail text,
  -- The validated event's own fields: set only when the body was authentic and well formed.
  event_id text,
  customer_id text,
  status text,
  can_create_card boolean,
  decided_at timestamptz,
  payload jsonb,
  payload_bytes integer NOT NULL DEFAULT 0,
  reapplied_at timestamptz,
  reapplied_by uuid,
  reapplied_by_email text,
  reapply_outcome text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_deliveries_received_idx ON webhook_deliveries (received_at DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_deliveries_refused_idx ON webhook_deliveries (received_at DESC) WHERE outcome = 'refused';
