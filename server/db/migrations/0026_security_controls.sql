-- Security alerts and the address allowlist (issue 34).
-- One row per alert: a rule fires once per subject and window (the unique key), however many events
-- and instances see the threshold crossed at once. `details` holds counts and masked names only.
CREATE TABLE IF NOT EXISTS security_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rule text NOT NULL,
  subject text NOT NULL,
  window_key text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  raised_at timestamptz NOT NULL DEFAULT now(),
  acknowledged_by uuid,
  acknowledged_by_name text,
  acknowledged_at timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS security_alerts_once ON security_alerts (rule, subject, window_key);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS security_alerts_open ON security_alerts (raised_at DESC) WHERE acknowledged_at IS NULL;
--> statement-breakpoint
-- Deliveries to ALERT_WEBHOOK_URL: written with the alert, posted by whichever instance claims the row.
CREATE TABLE IF NOT EXISTS security_alert_outbox (
  id bigserial PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES security_alerts (id) ON DELETE CASCADE,
  body jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS security_alert_outbox_due ON security_alert_outbox (next_attempt_at) WHERE delivered_at IS NULL;
--> statement-breakpoint
-- The thresholds an administrator chose; no row: the defaults in server/audit/alert-thresholds.ts.
CREATE TABLE IF NOT EXISTS security_alert_settings (
  id smallint PRIMARY KEY DEFAULT 1,
  thresholds jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  updated_by_name text
);
--> statement-breakpoint
-- The address allowlist; no row or an empty list: every address may sign in.
CREATE TABLE IF NOT EXISTS address_allowlist (
  id smallint PRIMARY KEY DEFAULT 1,
  ranges text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  updated_by_name text
);
