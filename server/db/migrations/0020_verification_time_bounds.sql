-- Webhooks once ordered the stored status by the sender's decided_at alone, so a date far ahead
-- froze a customer's status: later decisions and fresh checks all looked older. The time a status
-- is ordered by is now capped at its receipt; a status_as_of still ahead of its last save is
-- brought back to that save, so the next check or decision applies again.
UPDATE card_verification_state SET status_as_of = LEAST(updated_at, now()) WHERE status_as_of > updated_at;
