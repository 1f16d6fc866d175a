-- The vault bars page by key (issue 22, decision 017): the public list and the operators' list
-- read a page of the listed bars by (added_at, id), never all of them.
CREATE INDEX IF NOT EXISTS "vault_bars_listed_key_idx" ON "vault_bars" ("added_at", "id") WHERE "removed_at" IS NULL;

-- A reading no longer copies every bar (decision 023): the bar list at any reading is the bars
-- listed before it and not withdrawn by then (vault_bars keeps withdrawn bars), corrections are
-- in the audit log. Readings taken before keep their copy; new ones store the count and the
-- allocation's totals.
ALTER TABLE "reserve_snapshots" ALTER COLUMN "bars" DROP NOT NULL;
ALTER TABLE "reserve_snapshots" ADD COLUMN IF NOT EXISTS "bar_count" integer;
ALTER TABLE "reserve_snapshots" ADD COLUMN IF NOT EXISTS "allocated_gold" numeric(78, 0);
ALTER TABLE "reserve_snapshots" ADD COLUMN IF NOT EXISTS "unallocated_gold" numeric(78, 0);
ALTER TABLE "reserve_snapshots" ADD COLUMN IF NOT EXISTS "allocated_at" timestamp with time zone;
