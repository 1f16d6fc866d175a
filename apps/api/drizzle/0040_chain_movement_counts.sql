-- GET /admin/settlement answers how many movements settled and how many the chain refused:
-- counted on every call, that read the whole chain_movements table (one row per mint or burn,
-- millions). The counts are kept instead, by the status changes themselves
-- (sql/chain_movement_counts.sql); pending and in-flight movements are still counted, through
-- the open-movements index (the backlog, not the history).
CREATE TABLE "chain_movement_counts" (
	"status" "chain_movement_status" PRIMARY KEY,
	"movements" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The counters start from the truth as it stands.
INSERT INTO "chain_movement_counts" ("status", "movements")
SELECT "status", count(*) FROM "chain_movements" WHERE "status" IN ('settled', 'refused') GROUP BY "status";
