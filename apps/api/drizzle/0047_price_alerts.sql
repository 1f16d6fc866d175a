-- Price alerts (DESIGN.md section 11): each fires once, when a price tick crosses it
-- (sql/price_alerts_fire.sql, in the tick's transaction).
CREATE TABLE IF NOT EXISTS "price_alerts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "direction" text NOT NULL CHECK ("direction" IN ('above', 'below')),
  -- USD per gram scaled by 1e18, as price_ticks.usd_per_gram.
  "threshold" numeric(78, 0) NOT NULL CHECK ("threshold" > 0),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "fired_at" timestamp with time zone,
  "fired_price" numeric(78, 0)
);
--> statement-breakpoint
-- A tick finds the alerts it crosses by a range of this index: its cost is the alerts fired,
-- not the alerts stored.
CREATE INDEX IF NOT EXISTS "price_alerts_active_idx" ON "price_alerts" ("direction", "threshold") WHERE "fired_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_alerts_user_idx" ON "price_alerts" ("user_id", "created_at" DESC);
