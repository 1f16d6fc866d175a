-- Physical redemption (DESIGN.md section 11, docs/decisions/022-physical-redemption.md): the
-- operator's catalogue, the customers' 30-second quotes and the redemptions an operator
-- reviews, ships and marks delivered. Every move of grams is a money operation
-- (sql/money_op_redemption_*.sql); the grams of a redemption under way are the customer's GOLD
-- `locked` balance.
CREATE TABLE IF NOT EXISTS "redemption_products" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  -- GOLD units (micrograms) of fine gold in one piece.
  "fine_grams" numeric(78, 0) NOT NULL CHECK ("fine_grams" > 0),
  -- USDT units (18 decimals) per piece.
  "making_fee" numeric(78, 0) NOT NULL CHECK ("making_fee" >= 0),
  "delivery_fee" numeric(78, 0) NOT NULL CHECK ("delivery_fee" >= 0),
  "active" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "redemption_quotes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "product_id" uuid NOT NULL REFERENCES "redemption_products"("id") ON DELETE RESTRICT,
  "quantity" integer NOT NULL CHECK ("quantity" > 0),
  "fine_grams" numeric(78, 0) NOT NULL CHECK ("fine_grams" > 0),
  "fee_grams" numeric(78, 0) NOT NULL CHECK ("fee_grams" >= 0),
  "making_fee" numeric(78, 0) NOT NULL,
  "delivery_fee" numeric(78, 0) NOT NULL,
  -- USDT units per gram (spot) the fees were turned into grams at.
  "price" numeric(78, 0) NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "redemption_quotes_user_idx" ON "redemption_quotes" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "redemptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "code" text NOT NULL UNIQUE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
  "product_id" uuid NOT NULL REFERENCES "redemption_products"("id") ON DELETE RESTRICT,
  "product_name" text NOT NULL,
  "quantity" integer NOT NULL CHECK ("quantity" > 0),
  "fine_grams" numeric(78, 0) NOT NULL CHECK ("fine_grams" > 0),
  "fee_grams" numeric(78, 0) NOT NULL CHECK ("fee_grams" >= 0),
  "making_fee" numeric(78, 0) NOT NULL,
  "delivery_fee" numeric(78, 0) NOT NULL,
  "price" numeric(78, 0) NOT NULL,
  -- { fullName, line1, line2?, city, postalCode, country, phone }
  "address" jsonb NOT NULL,
  "status" text NOT NULL DEFAULT 'requested',
  "reason" text,
  "carrier" text,
  "tracking_number" text,
  "vault_bar_id" uuid REFERENCES "vault_bars"("id") ON DELETE SET NULL,
  "lock_entry_id" uuid NOT NULL,
  "transaction_id" uuid,
  "requested_at" timestamp with time zone NOT NULL,
  "decided_at" timestamp with time zone,
  "decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "shipped_at" timestamp with time zone,
  "shipped_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "delivered_at" timestamp with time zone,
  "delivered_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  CONSTRAINT "redemptions_status" CHECK ("status" IN ('requested', 'approved', 'shipped', 'delivered', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "redemptions_user_idx" ON "redemptions" ("user_id", "requested_at");
--> statement-breakpoint
-- The review queue's two views, paged by key (platform/review).
CREATE INDEX IF NOT EXISTS "redemptions_open_idx" ON "redemptions" ("requested_at", "id") WHERE "status" = 'requested';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "redemptions_decided_idx" ON "redemptions" ("decided_at", "id") WHERE "decided_at" IS NOT NULL;
--> statement-breakpoint
-- The fulfilment list: approved and shipped, oldest first.
CREATE INDEX IF NOT EXISTS "redemptions_fulfilment_idx" ON "redemptions" ("decided_at", "id") WHERE "status" IN ('approved', 'shipped');
