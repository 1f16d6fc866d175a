-- Bar allocation (decision 023): every gram the ledger owes in gold, placed over the vault bars
-- by the reserves job, which reads only what changed: ledger entries after its mark, bars whose
-- size differs from what it last counted, and free room while grams wait.

-- The size the allocation last counted (0 once withdrawn) and the grams placed on the bar.
ALTER TABLE "vault_bars" ADD COLUMN IF NOT EXISTS "allocation_grams" numeric(78, 0) DEFAULT '0' NOT NULL;
ALTER TABLE "vault_bars" ADD COLUMN IF NOT EXISTS "allocated_grams" numeric(78, 0) DEFAULT '0' NOT NULL;
-- Bars the next pass must count again (added, corrected, part delivered, withdrawn).
CREATE INDEX IF NOT EXISTS "vault_bars_allocation_due_idx" ON "vault_bars" ("added_at", "id")
  WHERE "allocation_grams" <> CASE WHEN "removed_at" IS NULL THEN "fine_grams" ELSE 0 END;
-- Bars with free room, in the fixed order first-fit walks.
CREATE INDEX IF NOT EXISTS "vault_bars_room_idx" ON "vault_bars" ("added_at", "id")
  WHERE "allocated_grams" < "allocation_grams";

-- A customer's grams owed on a bar; seq orders its placements (the last placed leaves first).
CREATE TABLE IF NOT EXISTS "bar_allocations" (
  "user_id" uuid NOT NULL,
  "bar_id" uuid NOT NULL REFERENCES "vault_bars" ("id") ON DELETE RESTRICT,
  "grams" numeric(78, 0) NOT NULL CHECK ("grams" > 0),
  "seq" bigint NOT NULL,
  PRIMARY KEY ("user_id", "bar_id")
);
CREATE INDEX IF NOT EXISTS "bar_allocations_bar_idx" ON "bar_allocations" ("bar_id", "seq");

-- Grams no bar has room for, per customer, the longest waiting placed first.
CREATE TABLE IF NOT EXISTS "bar_allocation_waiting" (
  "user_id" uuid PRIMARY KEY,
  "grams" numeric(78, 0) NOT NULL CHECK ("grams" > 0),
  "since" bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS "bar_allocation_waiting_since_idx" ON "bar_allocation_waiting" ("since", "user_id");

-- The job's mark over the ledger's entries (created_at, id), its placement counter and totals.
CREATE TABLE IF NOT EXISTS "bar_allocation_marks" (
  "name" text PRIMARY KEY,
  "through_at" timestamp with time zone NOT NULL,
  "through_entry" uuid,
  "next_seq" bigint DEFAULT 1 NOT NULL,
  "allocated" numeric(78, 0) DEFAULT '0' NOT NULL,
  "unallocated" numeric(78, 0) DEFAULT '0' NOT NULL,
  "computed_at" timestamp with time zone
);
-- From the ledger's beginning: a first pass on an existing ledger works through it a page at a time.
INSERT INTO "bar_allocation_marks" ("name", "through_at") VALUES ('pass', '1970-01-01T00:00:00Z')
  ON CONFLICT ("name") DO NOTHING;
