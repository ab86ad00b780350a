-- The reveal copy of a BVN lookup, shared by every instance: AES-256-GCM sealed with a key derived
-- from AUTH_SECRET (never readable from the database alone), kept 10 minutes.
CREATE TABLE IF NOT EXISTS bvn_reveals (
  lookup_id text PRIMARY KEY,
  staff_id uuid NOT NULL,
  sealed text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS bvn_reveals_expires_idx ON bvn_reveals (expires_at);
