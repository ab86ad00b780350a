-- One row per sign-in: the cookie carries its id, and every request checks it here, so signing out
-- (or an administrator ending it) kills a copied cookie too.
CREATE TABLE staff_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  user_agent text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id, created_at DESC);
--> statement-breakpoint

-- Sign-in budgets, counted before the password is checked: scope 'email' (attempts since the last
-- success, with a growing wait) and scope 'address' (attempts per client address in a fixed window).
-- audited_at rate-limits the audit entries of refused attempts to one per key and minute.
CREATE TABLE sign_in_throttle (
  scope text NOT NULL CHECK (scope IN ('email', 'address')),
  key text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz NOT NULL DEFAULT now(),
  audited_at timestamptz,
  PRIMARY KEY (scope, key)
);
--> statement-breakpoint
-- The per-email counter replaces this table, which counted failures only after the password check.
DROP TABLE sign_in_failures;
