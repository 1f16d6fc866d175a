-- Gift gold (decision 021). A quote holds the recipient and the grams for 30 s; a gift is the
-- grams sent, to a customer (claimed at once) or to an invited address (waiting in escrow
-- until that address is a verified customer, or returned to the sender at expires_at).
CREATE TABLE IF NOT EXISTS "gift_quotes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "recipient_id" uuid REFERENCES "users"("id") ON DELETE CASCADE,
  "invited_email" text,
  "grams" numeric(78, 0) NOT NULL,
  "value" numeric(78, 0) NOT NULL,
  "price" numeric(78, 0) NOT NULL,
  "message" text,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "gift_quotes_one_recipient" CHECK (("recipient_id" IS NULL) <> ("invited_email" IS NULL)),
  CONSTRAINT "gift_quotes_grams_positive" CHECK ("grams" > 0)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "gifts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "code" text NOT NULL UNIQUE,
  "sender_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
  "recipient_id" uuid REFERENCES "users"("id") ON DELETE RESTRICT,
  "invited_email" text,
  "grams" numeric(78, 0) NOT NULL,
  "value" numeric(78, 0) NOT NULL,
  "message" text,
  "status" text NOT NULL,
  "expires_at" timestamp with time zone,
  "sender_transaction_id" uuid NOT NULL,
  "recipient_transaction_id" uuid,
  "created_at" timestamp with time zone NOT NULL,
  "settled_at" timestamp with time zone,
  CONSTRAINT "gifts_status" CHECK ("status" IN ('waiting', 'claimed', 'returned')),
  CONSTRAINT "gifts_grams_positive" CHECK ("grams" > 0),
  CONSTRAINT "gifts_someone" CHECK ("recipient_id" IS NOT NULL OR "invited_email" IS NOT NULL),
  CONSTRAINT "gifts_waiting_expires" CHECK ("status" <> 'waiting' OR ("expires_at" IS NOT NULL AND "invited_email" IS NOT NULL))
);
--> statement-breakpoint
-- GET /gifts pages by key (decision 017): a customer's sent and received, newest first.
CREATE INDEX IF NOT EXISTS "gifts_sender_created_idx" ON "gifts" ("sender_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gifts_recipient_created_idx" ON "gifts" ("recipient_id", "created_at", "id");
--> statement-breakpoint
-- The gifts waiting for an address: its owner's list, and the claim when it is verified.
CREATE INDEX IF NOT EXISTS "gifts_waiting_email_idx" ON "gifts" ("invited_email", "created_at", "id") WHERE "status" = 'waiting';
--> statement-breakpoint
-- The expiry pass reads only the gifts due, in order: not a scan of all gifts.
CREATE INDEX IF NOT EXISTS "gifts_waiting_expiry_idx" ON "gifts" ("expires_at") WHERE "status" = 'waiting';
