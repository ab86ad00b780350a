-- Where a session stands with the second factor: 'not_required' (no code asked at sign-in: not
-- enrolled and not required, or a single sign-on), 'pending' (password accepted, code not yet),
-- 'enrol' (2FA required but not set up: only enrolment is reachable), 'passed'.
-- second_factor_at is when the last code was accepted, for step-up on sensitive actions.
ALTER TABLE staff_sessions ADD COLUMN second_factor text NOT NULL DEFAULT 'not_required'
  CHECK (second_factor IN ('not_required', 'pending', 'enrol', 'passed'));
--> statement-breakpoint
ALTER TABLE staff_sessions ADD COLUMN second_factor_at timestamptz;
--> statement-breakpoint

-- One authenticator per staff member. The secret is encrypted with a key derived from the auth
-- secret; enrolled_at stays null until a first code proves the app was set up. last_step is the
-- last accepted TOTP time step: a code of that step or earlier is refused (no replay).
CREATE TABLE staff_totp (
  staff_id uuid PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
  secret_box text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  enrolled_at timestamptz,
  last_step bigint
);
--> statement-breakpoint

-- One-time recovery codes, stored as SHA-256 of a 50-bit random code (never the code itself).
CREATE TABLE staff_recovery_codes (
  id bigserial PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  UNIQUE (staff_id, code_hash)
);
--> statement-breakpoint

-- Who must use a second factor: everyone, or the listed roles. One row (id = 1).
CREATE TABLE security_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  require_2fa_all boolean NOT NULL DEFAULT false,
  require_2fa_roles text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);
--> statement-breakpoint
INSERT INTO security_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- Wrong second-factor codes use the sign-in schedule with their own scope, keyed by staff id.
ALTER TABLE sign_in_throttle DROP CONSTRAINT IF EXISTS sign_in_throttle_scope_check;
--> statement-breakpoint
ALTER TABLE sign_in_throttle ADD CONSTRAINT sign_in_throttle_scope_check CHECK (scope IN ('email', 'address', 'totp'));
