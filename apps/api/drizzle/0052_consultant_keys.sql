-- GET /admin/consultants pages by key (decision 017): the latest changed first, by
-- (updated_at, user_id). One range scan from the cursor however many consultants there are.
CREATE INDEX IF NOT EXISTS "consultants_updated_key_idx" ON "consultants" ("updated_at", "user_id");
