CREATE SEQUENCE "public"."chain_movements_settled_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_check_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"through_at" timestamp with time zone NOT NULL,
	"through_entry" uuid,
	"entries" bigint DEFAULT 0 NOT NULL,
	"findings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_totals" (
	"asset" "asset" NOT NULL,
	"purpose" "account_purpose" NOT NULL,
	"shard" smallint NOT NULL,
	"total" numeric(78, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "ledger_totals_asset_purpose_shard_pk" PRIMARY KEY("asset","purpose","shard")
);
--> statement-breakpoint
CREATE TABLE "chain_holder_differences" (
	"address" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"on_chain" numeric(78, 0) NOT NULL,
	"ledger" numeric(78, 0) NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_reconciliation_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"cursor" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_movements" ADD COLUMN "settled_seq" bigint;--> statement-breakpoint
ALTER TABLE "chain_reconciliations" ADD COLUMN "scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_reconciliations" ADD COLUMN "holders_checked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chain_movements_settled_idx" ON "chain_movements" USING btree ("settled_seq") WHERE settled_seq IS NOT NULL;
--> statement-breakpoint
-- Chain reconciliation and the ledger check cost what changed, not everything stored
-- (decision 013).
--
-- 1. Running totals of the postings per (asset, purpose): what the ledger has issued, the
--    rewards owed and the platform's holdings are read from a few rows, not summed over every
--    posting. One total row per (asset, purpose) would be a lock every money operation waits
--    on until its commit (a sell touches the treasury's and the fees' totals), so the totals
--    are sharded: a writing transaction takes one of 32 shards for itself with a
--    transaction-scoped advisory lock (trying the others when its first choice is busy) and
--    adds to that shard's rows only. Two transactions never update the same total row at the
--    same time, so the totals add no waiting and no deadlock to the money path. Fillfactor
--    keeps their updates HOT. The postings trigger that keeps them is in
--    sql/ledger_apply_postings.sql, the shard in sql/ledger_total_shard.sql: the migrator
--    applies them right after this migration, under the same lock.
ALTER TABLE "ledger_totals" SET (fillfactor = 50);
--> statement-breakpoint
-- The totals start from every posting so far. The SHARE locks wait for entries being written
-- and hold new ones back until this commits. The new trigger is applied by the function step
-- right after: an entry another process posts in between is not in the totals (stop writers
-- for this deploy, or compare with ledger.fullAudit().totalsMatch after it).
LOCK TABLE "journal_entries", "postings" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "ledger_totals" ("asset", "purpose", "shard", "total")
SELECT a.asset, a.purpose, 0, sum(p.amount) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
 GROUP BY a.asset, a.purpose HAVING sum(p.amount) <> 0;
--> statement-breakpoint
-- 2. The incremental ledger check starts here: entries before now are the nightly full
--    audit's (ledger.fullAudit); clock_timestamp, not now(): taken after the locks.
INSERT INTO "ledger_check_marks" ("name", "through_at", "entries")
SELECT 'incremental', clock_timestamp(), count(*) FROM journal_entries;
--> statement-breakpoint
-- 3. The chain reconciliation checks the holders of movements final since its mark; movements
--    settled before this have no settled_seq and are the full sweep's.
INSERT INTO "chain_reconciliation_marks" ("name", "position") VALUES ('touched', 0), ('sweep', 0);
