CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('finance', 'ops', 'compliance', 'admin')),
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);
--> statement-breakpoint

-- Failures are kept per email, known or not, so the slow-down does not reveal which accounts exist.
CREATE TABLE sign_in_failures (
  email text PRIMARY KEY,
  count integer NOT NULL DEFAULT 0,
  last_failed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  request_id text NOT NULL,
  actor_staff_id uuid,
  actor_email text,
  actor_role text,
  action text NOT NULL,
  target text,
  outcome text NOT NULL CHECK (outcome IN ('success', 'denied', 'failure')),
  detail jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
--> statement-breakpoint
CREATE INDEX audit_log_occurred_at_idx ON audit_log (occurred_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_actor_idx ON audit_log (actor_email, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
--> statement-breakpoint

-- Append-only: the application never changes or removes an entry.
CREATE FUNCTION audit_log_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_reject_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_reject_change();
