-- The notifications centre (docs/decisions/020-notifications.md). A notification is written by
-- the outbox handler of the message its event owed, under that message's key: handling the
-- message again (a retry, a lease that ended) writes nothing more.
CREATE TABLE IF NOT EXISTS "notifications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "key" text NOT NULL UNIQUE,
  "kind" text NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "link" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "read_at" timestamp with time zone
);
--> statement-breakpoint
-- Pages by key, newest first (decision 017), and the stream's catch-up after an id.
CREATE INDEX IF NOT EXISTS "notifications_user_key_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The unread count and "mark all": only the unread rows.
CREATE INDEX IF NOT EXISTS "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
-- The kinds whose e-mail a customer turned off (none by default: the mails that went before
-- keep going, and a new kind mails until turned off).
CREATE TABLE IF NOT EXISTS "notification_preferences" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "email_off" text[] DEFAULT '{}' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
