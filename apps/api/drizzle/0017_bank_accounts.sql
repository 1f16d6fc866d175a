CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_number_enc" text NOT NULL,
	"last4" text NOT NULL,
	"country" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"deposits_enc" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"name_matches" boolean NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "bank_accounts_status" CHECK ("bank_accounts"."status" IN ('pending', 'verified', 'review', 'rejected', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user_idx" ON "bank_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_review_idx" ON "bank_accounts" USING btree ("created_at") WHERE "bank_accounts"."status" = 'review';