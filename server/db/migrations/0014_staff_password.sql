-- An administrator's password reset gives a one-time password; the member must choose their own
-- at the next sign-in before anything else works.
ALTER TABLE staff ADD COLUMN IF NOT EXISTS must_change_password boolean NOT NULL DEFAULT false;
