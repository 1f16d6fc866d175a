-- Lists page by key (decision 017): each list's sort key (owner or status, created_at, id) is an
-- index, so a page is one range scan from the cursor whatever the table's length.
--
-- GET /remittances: a customer's sent and received, each side its own range scan. The id ends
-- the key: the old (side, created_at) indexes are its prefixes and go.
CREATE INDEX IF NOT EXISTS "remittances_sender_key_idx" ON "remittances" ("sender_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "remittances_recipient_key_idx" ON "remittances" ("recipient_id", "created_at", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "remittances_sender_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "remittances_recipient_idx";
--> statement-breakpoint
-- GET /admin/remittances: every remittance, newest first.
CREATE INDEX IF NOT EXISTS "remittances_created_idx" ON "remittances" ("created_at", "id");
--> statement-breakpoint
-- GET /admin/payments: every payment, or those of one status, newest first.
CREATE INDEX IF NOT EXISTS "payments_created_idx" ON "payments" ("created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_status_created_idx" ON "payments" ("status", "created_at", "id");
