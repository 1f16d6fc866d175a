-- A group keeps its member count (memberships are never deleted: lapsed and matured ones still
-- count), written by the join that adds one under the group's lock: the lists and the join read
-- it instead of counting the memberships on every call.
ALTER TABLE "ges_groups" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "ges_groups" g SET "member_count" = (SELECT count(*) FROM "ges_memberships" m WHERE m."group_id" = g."id");
--> statement-breakpoint
ALTER TABLE "ges_groups" ADD CONSTRAINT "ges_groups_member_count" CHECK ("member_count" >= 0 AND "member_count" <= "member_cap");
