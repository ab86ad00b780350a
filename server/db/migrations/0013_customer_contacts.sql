-- The contact details last set through the back-office. The audit trail keeps only masked values,
-- and the payments API has no customer read, so this is the one place staff can see what was saved.
CREATE TABLE IF NOT EXISTS customer_contacts (
  customer_id text PRIMARY KEY,
  email text,
  email_updated_at timestamptz,
  phone_number text,
  phone_updated_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_staff_id uuid,
  updated_by_email text NOT NULL
);
--> statement-breakpoint
-- The activity timeline reads the audit trail by target (a customer id, "bill:<id>", ...).
CREATE INDEX IF NOT EXISTS audit_log_target_idx ON audit_log (target, id DESC);
