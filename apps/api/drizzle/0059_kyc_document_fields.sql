-- KYC prefill from the document (issue 23, decision 024): the fields of the draft that the
-- identity provider read from the document, so the form can say which to check.
ALTER TABLE "kyc_personal_info" ADD COLUMN IF NOT EXISTS "document_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;
