-- The closed money kernel: operation types are registered data, so that money_execute,
-- money_book, money_execute_batch and money_compensate dispatch on them and name no product.
-- Each row is written by its operation's own file (apps/api/sql/money_op_<kind>.sql).
CREATE TABLE "money_operation_types" (
	"kind" text PRIMARY KEY NOT NULL CHECK ("kind" ~ '^[a-z_]{1,40}$'),
	"handler" text NOT NULL,
	"earns_referral" boolean DEFAULT false NOT NULL,
	"compensation" text
);
--> statement-breakpoint
COMMENT ON COLUMN "money_operation_types"."handler" IS 'The SQL function (p_op jsonb) RETURNS jsonb that runs the operation.';
--> statement-breakpoint
COMMENT ON COLUMN "money_operation_types"."earns_referral" IS 'A purchase: a transaction it books paid in money (USDT or USD) rewards the buyer''s uplines, and a batch holding it locks them.';
--> statement-breakpoint
COMMENT ON COLUMN "money_operation_types"."compensation" IS 'A SQL function (p_transaction uuid) run after money_compensate reversed one of its transactions.';
--> statement-breakpoint
-- Which operation booked a transaction: its compensation is found through it.
ALTER TABLE "transactions" ADD COLUMN "operation_kind" text;
--> statement-breakpoint
-- The only transactions a compensation can still reach are pending ones; of those, only an
-- approved USDAU payout had a compensation of its own before the registry.
UPDATE "transactions" SET "operation_kind" = 'usdau_decide' WHERE "type" = 'USDAU' AND "status" = 'pending';
