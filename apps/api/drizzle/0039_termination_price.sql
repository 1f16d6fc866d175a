-- A termination's price per gram (terminationPrice(spot), gae.rules.ts) is stored when it is
-- filed, as the API computed it, so that the approval books that very price: it re-derived it
-- from the rounded gross before, one unit below whenever grams x price was not whole.
ALTER TABLE "gae_terminations" ADD COLUMN "price" numeric(78, 0);--> statement-breakpoint
-- Requests filed before: the rule as it stood (spot less the 2% spread, rounded down).
UPDATE "gae_terminations" SET "price" = div("spot" * 9800, 10000);--> statement-breakpoint
ALTER TABLE "gae_terminations" ALTER COLUMN "price" SET NOT NULL;
