-- Sessions signed in before this moment no longer count, even after the account is re-enabled:
-- disabling an account ends its sessions for good, not only while it stays disabled.
ALTER TABLE staff ADD COLUMN sessions_valid_after timestamptz;
