-- How a session signed in. A 'password' session owes our second factor whenever its member is
-- enrolled (judged at each request, not at sign-in) and re-authenticates with the password; an
-- 'sso' session relies on the identity provider for both. Sessions older than this column count as
-- password ones: the stricter reading.
ALTER TABLE staff_sessions ADD COLUMN sign_in_method text NOT NULL DEFAULT 'password'
  CHECK (sign_in_method IN ('password', 'sso'));
