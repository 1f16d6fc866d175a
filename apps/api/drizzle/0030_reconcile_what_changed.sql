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
--    keeps their updates HOT.
ALTER TABLE "ledger_totals" SET (fillfactor = 50);
--> statement-breakpoint
-- The shard this transaction adds its totals to, taken at its first posting and remembered
-- for the rest of the transaction (a transaction-local setting; both it and the advisory lock
-- go with a subtransaction that rolls back, so they stay together). 7424300: this lock class.
CREATE FUNCTION ledger_total_shard() RETURNS smallint LANGUAGE plpgsql AS $$
DECLARE
  held text := current_setting('ledger.total_shard', true);
  first_choice int := pg_backend_pid() % 32;
  candidate int;
BEGIN
  IF held IS NOT NULL AND held <> '' THEN
    RETURN held::smallint;
  END IF;
  FOR i IN 0..31 LOOP
    candidate := (first_choice + i) % 32;
    IF pg_try_advisory_xact_lock(7424300, candidate) THEN
      PERFORM set_config('ledger.total_shard', candidate::text, true);
      RETURN candidate;
    END IF;
  END LOOP;
  -- More writers than shards (many processes): wait for one rather than share its rows.
  PERFORM pg_advisory_xact_lock(7424300, first_choice);
  PERFORM set_config('ledger.total_shard', first_choice::text, true);
  RETURN first_choice;
END
$$;
--> statement-breakpoint
-- The latest definition (0008) with the running totals added at the end.
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad_account uuid;
  bad_entry uuid;
  owners text[];
  my_shard smallint;
BEGIN
  -- Postings have no foreign key (its share lock made the platform rows a queue): check here.
  SELECT n.account_id INTO bad_account FROM new_postings n
    LEFT JOIN ledger_accounts a ON a.id = n.account_id
   WHERE a.id IS NULL OR a.asset <> n.asset LIMIT 1;
  IF bad_account IS NOT NULL THEN
    RAISE EXCEPTION 'posting to unknown account or in another asset: %', bad_account USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT n.entry_id INTO bad_entry FROM new_postings n GROUP BY n.entry_id, n.asset HAVING sum(n.amount) <> 0 LIMIT 1;
  IF bad_entry IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero', bad_entry USING ERRCODE = 'check_violation';
  END IF;
  SELECT n.entry_id INTO bad_entry FROM new_postings n GROUP BY n.entry_id
   HAVING count(*) < 2 AND (SELECT count(*) FROM postings p WHERE p.entry_id = n.entry_id) < 2 LIMIT 1;
  IF bad_entry IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % has fewer than two postings', bad_entry USING ERRCODE = 'check_violation';
  END IF;
  -- Customer balances follow their postings; the CHECK refuses an overdraft. Platform
  -- balances are derived, so no operation waits on the treasury's or the fees' row.
  WITH moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + d.delta
      FROM (SELECT account_id, sum(amount) AS delta FROM new_postings GROUP BY account_id) d
     WHERE a.id = d.account_id AND a.owner_user_id IS NOT NULL
    RETURNING a.owner_user_id
  )
  SELECT array_agg(DISTINCT owner_user_id::text) INTO owners FROM moved;
  IF owners IS NOT NULL THEN
    -- 200 ids of 37 characters stay well under the 8000-byte payload limit.
    PERFORM pg_notify('ledger_balances',
      CASE WHEN cardinality(owners) > 200 THEN '*' ELSE array_to_string(owners, ',') END);
  END IF;
  -- The running totals, in this transaction's own shard (see ledger_total_shard).
  my_shard := ledger_total_shard();
  INSERT INTO ledger_totals AS t (asset, purpose, shard, total)
  SELECT a.asset, a.purpose, my_shard, sum(n.amount)
    FROM new_postings n JOIN ledger_accounts a ON a.id = n.account_id
   GROUP BY a.asset, a.purpose
  HAVING sum(n.amount) <> 0
   ORDER BY a.asset, a.purpose
  ON CONFLICT (asset, purpose, shard) DO UPDATE SET total = t.total + excluded.total;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The totals start from every posting so far. The SHARE locks wait for entries being written
-- and hold new ones back until this commits, so none is counted twice or missed.
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
