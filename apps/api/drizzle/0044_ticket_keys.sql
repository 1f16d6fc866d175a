-- Support tickets page by key (decision 017): the operator's queues by (status, updated_at, id)
-- and all of them by (updated_at, id); a customer's by (user_id, updated_at, id). The old
-- (status, updated_at) and (user_id, updated_at) indexes are prefixes of the new ones and go.
CREATE INDEX IF NOT EXISTS "support_tickets_queue_key_idx" ON "support_tickets" ("status", "updated_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_tickets_updated_idx" ON "support_tickets" ("updated_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_tickets_user_key_idx" ON "support_tickets" ("user_id", "updated_at", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "support_tickets_queue_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "support_tickets_user_idx";
