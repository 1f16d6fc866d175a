-- The schedule module (platform/schedule): one row per periodic job, claimed by whichever
-- process moves next_run_at forward first, so each pass runs once per period across processes.
CREATE TABLE "schedule_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"every_ms" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	"leased_by" text,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_duration_ms" integer,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
