-- GET /admin/ges/groups pages by key (decision 017): every group, the newest first, by
-- (created_at, id). One range scan from the cursor however many groups the platform has run.
CREATE INDEX IF NOT EXISTS "ges_groups_created_key_idx" ON "ges_groups" ("created_at", "id");
