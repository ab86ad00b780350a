-- Four-eyes approvals (issue 34). One row per request that waits for a second member. The stored
-- input is what the wrapper validated from the maker's request (params, body, query and the few
-- headers the action reads), so an approval runs exactly what the maker asked for.
CREATE TABLE IF NOT EXISTS approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  action text NOT NULL,
  capability text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  requested_by uuid NOT NULL,
  requested_by_name text NOT NULL,
  requested_by_email text NOT NULL,
  request_id text NOT NULL,
  target text,
  summary text NOT NULL,
  input jsonb NOT NULL,
  -- The same intent sent twice (a double click, a retry with the same Idempotency-Key) is one request.
  intent text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_by uuid,
  decided_by_name text,
  decided_by_email text,
  decided_at timestamptz,
  reason text,
  usable_until timestamptz,
  result_status integer,
  result_code text,
  finished_at timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS approvals_open_intent ON approvals (action, requested_by, intent) WHERE status IN ('pending', 'approved');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS approvals_status_created ON approvals (status, created_at DESC);
--> statement-breakpoint
-- Which actions need approval, saved by an administrator; no row: APPROVAL_REQUIRED_FOR applies.
CREATE TABLE IF NOT EXISTS approval_settings (
  id smallint PRIMARY KEY DEFAULT 1,
  required text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  updated_by_name text
);
