-- Consultants (issue 11): a user the operator marks consultant, with a public page at
-- /Consultant/{name} carrying their referral link. The name in the address is the slug.
CREATE TABLE "consultants" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"slug" text NOT NULL,
	"display_name" text NOT NULL,
	"bio" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_slug_key" ON "consultants" ("slug");
