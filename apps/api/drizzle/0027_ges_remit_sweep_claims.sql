-- The GES and remittance mail sweeps claim what they queue, as migration 0026's do: two
-- processes sweeping the same old debt at once no longer both queue it.
ALTER TABLE "ges_mails" ADD COLUMN "mail_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remittances" ADD COLUMN "mail_swept_at" timestamp with time zone;