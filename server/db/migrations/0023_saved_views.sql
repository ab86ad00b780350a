-- Saved views (issue 33): a member's named filters for one page (card transactions, the audit trail,
-- the customer directory), private or shared with the team. The filters are stored as the page's URL
-- query holds them, validated by that page's own schema before they are written.
CREATE TABLE IF NOT EXISTS saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  page text NOT NULL,
  name text NOT NULL,
  filters jsonb NOT NULL DEFAULT '{}'::jsonb,
  shared boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- One name per member and page, whatever its case: two tabs saving the same name, one insert wins.
CREATE UNIQUE INDEX IF NOT EXISTS saved_views_owner_page_name ON saved_views (owner_id, page, lower(name));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS saved_views_page_shared ON saved_views (page, shared);
--> statement-breakpoint
-- Each member's default view per page; deleting the view removes the default with it, so the page
-- opens unfiltered rather than on a view that no longer exists.
CREATE TABLE IF NOT EXISTS saved_view_defaults (
  staff_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  page text NOT NULL,
  view_id uuid NOT NULL REFERENCES saved_views (id) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (staff_id, page)
);
