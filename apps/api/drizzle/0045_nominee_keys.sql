-- GET /admin/nominees pages by key (decision 017): customers with nominees, the latest saved set
-- first, by (created_at, user_id) of each set's first nominee (a set is saved in one statement,
-- so all its rows share that time). One range scan from the cursor whatever the table's length.
CREATE INDEX IF NOT EXISTS "nominees_set_key_idx" ON "nominees" ("created_at", "user_id") WHERE "position" = 0;
