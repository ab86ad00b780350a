-- A staff member's chosen time zone (an IANA name checked by the app); NULL follows the browser's.
ALTER TABLE staff ADD COLUMN IF NOT EXISTS time_zone text;
