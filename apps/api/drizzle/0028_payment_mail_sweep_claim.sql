-- The Spend To Save credit-mail sweep claims what it queues, as migration 0026's sweeps do.
ALTER TABLE "payments" ADD COLUMN "mail_swept_at" timestamp with time zone;