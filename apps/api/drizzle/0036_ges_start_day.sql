-- A group starts on day 1-28 (ges.rules.ts checkStartDate): its monthly due day exists in every
-- month, so PostgreSQL's month arithmetic (the join and instalment functions) and dueOn() agree.
-- Until now only the TypeScript rule said so; the database now refuses any other start too.
ALTER TABLE "ges_groups" ADD CONSTRAINT "ges_groups_start_day" CHECK (extract(day FROM "start_date") <= 28);
