CREATE TYPE "public"."file_kind" AS ENUM('profile_picture', 'identity_document', 'selfie');--> statement-breakpoint
CREATE TYPE "public"."kyc_provider" AS ENUM('sandbox', 'sumsub');--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"kind" "file_kind" NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" "kyc_provider" NOT NULL,
	"provider_applicant_id" text NOT NULL,
	"level_name" text NOT NULL,
	"review_status" text DEFAULT 'init' NOT NULL,
	"review_answer" text,
	"review_reject_type" text,
	"reject_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moderation_comment" text,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_personal_info" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"profile_picture_id" uuid,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" "kyc_provider" NOT NULL,
	"payload_digest" text NOT NULL,
	"type" text NOT NULL,
	"provider_applicant_id" text,
	"event_created_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_applicants" (
	"id" text PRIMARY KEY NOT NULL,
	"external_user_id" text NOT NULL,
	"level_name" text NOT NULL,
	"review_status" text DEFAULT 'init' NOT NULL,
	"review_answer" text,
	"review_reject_type" text,
	"reject_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moderation_comment" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" "file_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applicants" ADD CONSTRAINT "kyc_applicants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_personal_info" ADD CONSTRAINT "kyc_personal_info_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_personal_info" ADD CONSTRAINT "kyc_personal_info_profile_picture_id_files_id_fk" FOREIGN KEY ("profile_picture_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_kyc_documents" ADD CONSTRAINT "sandbox_kyc_documents_applicant_id_sandbox_kyc_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sandbox_kyc_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_kyc_documents" ADD CONSTRAINT "sandbox_kyc_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_key" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applicants_user_key" ON "kyc_applicants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applicants_provider_id_key" ON "kyc_applicants" USING btree ("provider","provider_applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_webhook_events_digest_key" ON "kyc_webhook_events" USING btree ("provider","payload_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_kyc_applicants_external_key" ON "sandbox_kyc_applicants" USING btree ("external_user_id");--> statement-breakpoint
CREATE INDEX "sandbox_kyc_documents_applicant_idx" ON "sandbox_kyc_documents" USING btree ("applicant_id");