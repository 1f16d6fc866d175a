-- The baseline: the schema that migrations 0000-0028 built (tables, types, indexes and
-- constraints; their reasoning is in the git history before this file, at 0490809), squashed
-- when the SQL functions moved to apps/api/sql (one file each, re-applied by the migrator when
-- its text changes). A database that ran those migrations records this one as applied without
-- running it (db/migrate.ts); a new one runs it. Numbered migrations change tables and data
-- only, never a function.
CREATE TYPE public.account_purpose AS ENUM (
    'available',
    'locked',
    'rewards',
    'treasury',
    'fees',
    'float',
    'gold_vault',
    'staking_pool',
    'rewards_pool',
    'external',
    'gae_plan',
    'ges'
);
--> statement-breakpoint
CREATE TYPE public.asset AS ENUM (
    'USDT',
    'QMGT',
    'GOLD',
    'USDAU',
    'USD'
);
--> statement-breakpoint
CREATE TYPE public.chain_movement_kind AS ENUM (
    'mint',
    'burn'
);
--> statement-breakpoint
CREATE TYPE public.chain_movement_status AS ENUM (
    'pending',
    'sent',
    'settled',
    'refused',
    'cancelled'
);
--> statement-breakpoint
CREATE TYPE public.file_kind AS ENUM (
    'profile_picture',
    'identity_document',
    'selfie'
);
--> statement-breakpoint
CREATE TYPE public.kyc_provider AS ENUM (
    'sandbox',
    'sumsub'
);
--> statement-breakpoint
CREATE TYPE public.kyc_status AS ENUM (
    'Not Verified',
    'Pending',
    'Rejected',
    'Verified'
);
--> statement-breakpoint
CREATE TYPE public.link_token_purpose AS ENUM (
    'email_verification',
    'password_reset'
);
--> statement-breakpoint
CREATE TYPE public.session_end_reason AS ENUM (
    'logout',
    'password_change',
    'password_reset'
);
--> statement-breakpoint
CREATE TYPE public.transaction_status AS ENUM (
    'pending',
    'completed',
    'failed'
);
--> statement-breakpoint
CREATE TYPE public.user_role AS ENUM (
    'customer',
    'operator'
);
--> statement-breakpoint
CREATE TABLE public.ges_memberships (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    group_id uuid NOT NULL,
    user_id uuid NOT NULL,
    document_id uuid NOT NULL,
    document_version integer NOT NULL,
    document_sha256 text NOT NULL,
    accepted_at timestamp with time zone NOT NULL,
    accepted_ip text,
    status text DEFAULT 'active'::text NOT NULL,
    paid_count integer DEFAULT 0 NOT NULL,
    missed_count integer DEFAULT 0 NOT NULL,
    next_due_on date,
    bonus_grams numeric(78,0),
    closed_at timestamp with time zone,
    CONSTRAINT ges_memberships_status CHECK ((status = ANY (ARRAY['active'::text, 'lapsed'::text, 'matured'::text])))
);
--> statement-breakpoint
CREATE TABLE public.gold_quotes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    asset_in public.asset NOT NULL,
    amount_in numeric(78,0) NOT NULL,
    asset_out public.asset NOT NULL,
    amount_out numeric(78,0) NOT NULL,
    fee numeric(78,0) NOT NULL,
    fee_asset public.asset NOT NULL,
    price numeric(78,0),
    spot numeric(78,0),
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT gold_quotes_kind CHECK ((kind = ANY (ARRAY['GAE'::text, 'GAEX'::text, 'CONVERT'::text])))
)
WITH (fillfactor='80');
--> statement-breakpoint
CREATE TABLE public.transactions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    user_id uuid NOT NULL,
    type text NOT NULL,
    status public.transaction_status DEFAULT 'pending'::public.transaction_status NOT NULL,
    asset_in public.asset,
    amount_in numeric(78,0),
    asset_out public.asset,
    amount_out numeric(78,0),
    price numeric(78,0),
    fee numeric(78,0),
    fee_asset public.asset,
    journal_entry_id uuid,
    tx_hash text,
    failure_reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone
)
WITH (fillfactor='80');
--> statement-breakpoint
CREATE TABLE public.announcements (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    pinned boolean DEFAULT false NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    withdrawn_at timestamp with time zone,
    created_by uuid
);
--> statement-breakpoint
CREATE TABLE public.audit_log (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    actor_id uuid,
    subject_id uuid,
    action text NOT NULL,
    detail text,
    ip text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.bank_accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    bank_name text NOT NULL,
    holder_name text NOT NULL,
    account_number_enc text NOT NULL,
    last4 text NOT NULL,
    country text NOT NULL,
    provider text NOT NULL,
    external_id text NOT NULL,
    deposits_enc text,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    name_matches boolean NOT NULL,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    verified_at timestamp with time zone,
    decided_by uuid,
    CONSTRAINT bank_accounts_status CHECK ((status = ANY (ARRAY['pending'::text, 'verified'::text, 'review'::text, 'rejected'::text, 'failed'::text])))
);
--> statement-breakpoint
CREATE TABLE public.chain_batches (
    id bigint NOT NULL,
    tx_hash text NOT NULL,
    nonce integer NOT NULL,
    status text NOT NULL,
    block_number numeric(78,0),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    transfer_seq bigint,
    raw_tx text
);
--> statement-breakpoint
CREATE SEQUENCE public.chain_batches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.chain_batches_id_seq OWNED BY public.chain_batches.id;
--> statement-breakpoint
CREATE TABLE public.chain_deposits (
    tx_hash text NOT NULL,
    log_index integer NOT NULL,
    user_id uuid NOT NULL,
    amount numeric(78,0) NOT NULL,
    block_number numeric(78,0) NOT NULL,
    transaction_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.chain_movements (
    seq bigint NOT NULL,
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    transaction_id uuid NOT NULL,
    user_id uuid,
    kind public.chain_movement_kind NOT NULL,
    amount numeric(78,0) NOT NULL,
    status public.chain_movement_status DEFAULT 'pending'::public.chain_movement_status NOT NULL,
    batch_id bigint,
    attempts integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone
)
WITH (fillfactor='80');
--> statement-breakpoint
CREATE SEQUENCE public.chain_movements_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.chain_movements_seq_seq OWNED BY public.chain_movements.seq;
--> statement-breakpoint
CREATE TABLE public.chain_reconciliations (
    id bigint NOT NULL,
    matches boolean NOT NULL,
    on_chain_supply numeric(78,0) NOT NULL,
    ledger_supply numeric(78,0) NOT NULL,
    pending_net numeric(78,0) NOT NULL,
    differences jsonb NOT NULL,
    checked_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.chain_reconciliations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.chain_reconciliations_id_seq OWNED BY public.chain_reconciliations.id;
--> statement-breakpoint
CREATE TABLE public.chain_transfers (
    seq bigint NOT NULL,
    transaction_id uuid NOT NULL,
    token text NOT NULL,
    to_address text NOT NULL,
    amount numeric(78,0) NOT NULL,
    status public.chain_movement_status DEFAULT 'pending'::public.chain_movement_status NOT NULL,
    batch_id bigint,
    attempts integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone
);
--> statement-breakpoint
CREATE SEQUENCE public.chain_transfers_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.chain_transfers_seq_seq OWNED BY public.chain_transfers.seq;
--> statement-breakpoint
CREATE TABLE public.consultants (
    user_id uuid NOT NULL,
    slug text NOT NULL,
    display_name text NOT NULL,
    bio text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.dev_mailbox (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.files (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    owner_user_id uuid NOT NULL,
    kind public.file_kind NOT NULL,
    content_type text NOT NULL,
    size integer NOT NULL,
    storage_key text NOT NULL,
    is_public boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.gae_auto_save_runs (
    plan_id uuid NOT NULL,
    period text NOT NULL,
    outcome text NOT NULL,
    transaction_id uuid,
    mailed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    mail_swept_at timestamp with time zone,
    CONSTRAINT gae_auto_save_runs_outcome CHECK ((outcome = ANY (ARRAY['bought'::text, 'skipped'::text])))
);
--> statement-breakpoint
CREATE TABLE public.gae_plans (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    cost_usdt numeric(78,0) DEFAULT 0 NOT NULL,
    opened_at timestamp with time zone NOT NULL,
    closed_at timestamp with time zone,
    auto_save_amount numeric(78,0),
    auto_save_day integer,
    auto_save_next date,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT gae_plans_auto_save CHECK ((((auto_save_amount IS NULL) = (auto_save_day IS NULL)) AND ((auto_save_day IS NULL) OR ((auto_save_day >= 1) AND (auto_save_day <= 28))))),
    CONSTRAINT gae_plans_status CHECK ((status = ANY (ARRAY['active'::text, 'terminating'::text, 'terminated'::text])))
);
--> statement-breakpoint
CREATE TABLE public.gae_terminations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    plan_id uuid NOT NULL,
    user_id uuid NOT NULL,
    status text DEFAULT 'requested'::text NOT NULL,
    currency public.asset NOT NULL,
    grams numeric(78,0) NOT NULL,
    spot numeric(78,0) NOT NULL,
    gross numeric(78,0) NOT NULL,
    early_exit boolean NOT NULL,
    early_exit_fee numeric(78,0) NOT NULL,
    refund numeric(78,0) NOT NULL,
    lock_entry_id uuid NOT NULL,
    refund_transaction_id uuid,
    requested_at timestamp with time zone NOT NULL,
    decided_at timestamp with time zone,
    decided_by uuid,
    reason text,
    mailed_status text,
    mail_swept_at timestamp with time zone,
    CONSTRAINT gae_terminations_currency CHECK ((currency = ANY (ARRAY['USDT'::public.asset, 'QMGT'::public.asset]))),
    CONSTRAINT gae_terminations_status CHECK ((status = ANY (ARRAY['requested'::text, 'approved'::text, 'rejected'::text])))
);
--> statement-breakpoint
CREATE TABLE public.ges_documents (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    group_id uuid NOT NULL,
    version integer NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    sha256 text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.ges_groups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    instalment_usdt numeric(78,0) NOT NULL,
    term_months integer NOT NULL,
    member_cap integer NOT NULL,
    start_date date NOT NULL,
    bonus_instalments integer NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    current_document_id uuid,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ges_groups_status CHECK ((status = ANY (ARRAY['draft'::text, 'open'::text, 'closed'::text])))
);
--> statement-breakpoint
CREATE TABLE public.ges_instalments (
    membership_id uuid NOT NULL,
    seq integer NOT NULL,
    due_on date NOT NULL,
    status text NOT NULL,
    amount_usdt numeric(78,0),
    price numeric(78,0),
    grams numeric(78,0),
    transaction_id uuid,
    paid_at timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.ges_mails (
    membership_id uuid NOT NULL,
    event text NOT NULL,
    seq integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    mailed_at timestamp with time zone,
    mail_swept_at timestamp with time zone,
    CONSTRAINT ges_mails_event CHECK ((event = ANY (ARRAY['joined'::text, 'missed'::text, 'lapsed'::text, 'matured'::text])))
);
--> statement-breakpoint
CREATE TABLE public.ges_quotes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    group_id uuid NOT NULL,
    amount_usdt numeric(78,0) NOT NULL,
    grams numeric(78,0) NOT NULL,
    fee numeric(78,0) NOT NULL,
    price numeric(78,0) NOT NULL,
    spot numeric(78,0) NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.idempotency_keys (
    user_id uuid NOT NULL,
    key text NOT NULL,
    scope text NOT NULL,
    request_hash text NOT NULL,
    state text NOT NULL,
    response_status integer,
    response_body jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone
)
WITH (fillfactor='80');
--> statement-breakpoint
CREATE TABLE public.journal_entries (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    type text NOT NULL,
    memo text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.kyc_applicants (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    provider public.kyc_provider NOT NULL,
    provider_applicant_id text NOT NULL,
    level_name text NOT NULL,
    review_status text DEFAULT 'init'::text NOT NULL,
    review_answer text,
    review_reject_type text,
    reject_labels jsonb DEFAULT '[]'::jsonb NOT NULL,
    moderation_comment text,
    last_event_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.kyc_personal_info (
    user_id uuid NOT NULL,
    form jsonb DEFAULT '{}'::jsonb NOT NULL,
    current_step integer DEFAULT 0 NOT NULL,
    profile_picture_id uuid,
    submitted_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.kyc_webhook_events (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider public.kyc_provider NOT NULL,
    payload_digest text NOT NULL,
    type text NOT NULL,
    provider_applicant_id text,
    event_created_at timestamp with time zone,
    outcome text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.ledger_accounts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    owner_user_id uuid,
    asset public.asset NOT NULL,
    purpose public.account_purpose NOT NULL,
    balance numeric(78,0) DEFAULT '0'::numeric NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_accounts_customer_not_negative CHECK (((owner_user_id IS NULL) OR (balance >= (0)::numeric))),
    CONSTRAINT ledger_accounts_owner_matches_purpose CHECK (((owner_user_id IS NULL) = ((purpose)::text <> ALL (ARRAY['available'::text, 'locked'::text, 'rewards'::text, 'gae_plan'::text, 'ges'::text]))))
)
WITH (fillfactor='70');
--> statement-breakpoint
CREATE TABLE public.link_tokens (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    purpose public.link_token_purpose NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    revoked_at timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE public.nominee_drafts (
    user_id uuid NOT NULL,
    draft jsonb NOT NULL,
    saved_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.nominees (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    "position" integer NOT NULL,
    first_name text NOT NULL,
    middle_name text NOT NULL,
    last_name text NOT NULL,
    contact text NOT NULL,
    date_of_birth text NOT NULL,
    address text NOT NULL,
    city text NOT NULL,
    postal_code text NOT NULL,
    relation_testator text NOT NULL,
    id_type text NOT NULL,
    share_bps integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT nominees_share_range CHECK (((share_bps >= 1) AND (share_bps <= 10000)))
);
--> statement-breakpoint
CREATE TABLE public.payment_events (
    event_id text NOT NULL,
    type text NOT NULL,
    payment_id uuid,
    outcome text NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.payments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    user_id uuid NOT NULL,
    gateway text NOT NULL,
    session_id text,
    checkout_url text,
    amount_cents numeric(78,0) NOT NULL,
    fee_cents numeric(78,0) NOT NULL,
    grams numeric(78,0) NOT NULL,
    price numeric(78,0) NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    failure_reason text,
    transaction_id uuid,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    credited_at timestamp with time zone,
    mailed_status text,
    reconcile_after timestamp with time zone,
    reconcile_attempts integer DEFAULT 0 NOT NULL,
    mail_swept_at timestamp with time zone,
    CONSTRAINT payments_status CHECK ((status = ANY (ARRAY['pending'::text, 'credited'::text, 'cancelled'::text, 'expired'::text, 'failed'::text])))
);
--> statement-breakpoint
CREATE TABLE public.platform_settings (
    key text NOT NULL,
    value text NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.postings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    entry_id uuid NOT NULL,
    account_id uuid NOT NULL,
    asset public.asset NOT NULL,
    amount numeric(78,0) NOT NULL,
    CONSTRAINT postings_amount_not_zero CHECK ((amount <> (0)::numeric))
);
--> statement-breakpoint
CREATE TABLE public.price_ticks (
    at timestamp with time zone NOT NULL,
    usd_per_gram numeric(78,0) NOT NULL,
    source text NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.referral_rewards (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    beneficiary_id uuid NOT NULL,
    source_user_id uuid NOT NULL,
    source_transaction_id uuid NOT NULL,
    source_type text NOT NULL,
    source_code text NOT NULL,
    level integer NOT NULL,
    purchase_usdt numeric(78,0) NOT NULL,
    amount numeric(78,0) NOT NULL,
    entry_id uuid NOT NULL,
    vests_at timestamp with time zone NOT NULL,
    status text DEFAULT 'vesting'::text NOT NULL,
    settled_transaction_id uuid,
    request_id uuid,
    split_from uuid,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT referral_rewards_amount CHECK ((amount > (0)::numeric)),
    CONSTRAINT referral_rewards_level CHECK (((level >= 1) AND (level <= 3))),
    CONSTRAINT referral_rewards_status CHECK ((status = ANY (ARRAY['vesting'::text, 'claimed'::text, 'requested'::text, 'paid'::text, 'sold'::text, 'reversed'::text])))
)
WITH (fillfactor='80');
--> statement-breakpoint
CREATE TABLE public.remittances (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    sender_id uuid NOT NULL,
    recipient_id uuid NOT NULL,
    amount numeric(78,0) NOT NULL,
    round_up numeric(78,0) NOT NULL,
    grams numeric(78,0) NOT NULL,
    fee numeric(78,0) NOT NULL,
    price numeric(78,0),
    sender_transaction_id uuid NOT NULL,
    recipient_transaction_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    mailed_at timestamp with time zone,
    mail_swept_at timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE public.reserve_snapshots (
    id bigint NOT NULL,
    on_chain_qmgt numeric(78,0),
    ledger_qmgt numeric(78,0) NOT NULL,
    ledger_gold numeric(78,0) NOT NULL,
    vault_gold numeric(78,0) NOT NULL,
    bars jsonb NOT NULL,
    checked_at timestamp with time zone DEFAULT now() NOT NULL,
    rewards_qmgt numeric(78,0) DEFAULT '0'::numeric NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE public.reserve_snapshots_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.reserve_snapshots_id_seq OWNED BY public.reserve_snapshots.id;
--> statement-breakpoint
CREATE TABLE public.reward_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    user_id uuid NOT NULL,
    amount numeric(78,0) NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    reason text,
    transaction_id uuid,
    decided_by uuid,
    decided_at timestamp with time zone,
    created_at timestamp with time zone NOT NULL,
    mailed_status text,
    mail_swept_at timestamp with time zone,
    CONSTRAINT reward_requests_status CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text])))
);
--> statement-breakpoint
CREATE TABLE public.sandbox_checkouts (
    id text NOT NULL,
    client_reference_id text NOT NULL,
    amount_cents numeric(78,0) NOT NULL,
    currency text NOT NULL,
    description text NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    success_url text NOT NULL,
    cancel_url text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.sandbox_kyc_applicants (
    id text NOT NULL,
    external_user_id text NOT NULL,
    level_name text NOT NULL,
    review_status text DEFAULT 'init'::text NOT NULL,
    review_answer text,
    review_reject_type text,
    reject_labels jsonb DEFAULT '[]'::jsonb NOT NULL,
    moderation_comment text,
    submitted_at timestamp with time zone,
    reviewed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.sandbox_kyc_documents (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    applicant_id text NOT NULL,
    file_id uuid NOT NULL,
    kind public.file_kind NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.save_quotes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    kind text NOT NULL,
    amount_in numeric(78,0) NOT NULL,
    fee numeric(78,0) NOT NULL,
    grams numeric(78,0) NOT NULL,
    price numeric(78,0) NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT save_quotes_kind CHECK ((kind = ANY (ARRAY['SPEND'::text, 'REMIT'::text])))
);
--> statement-breakpoint
CREATE TABLE public.scan_cursors (
    name text NOT NULL,
    "position" numeric(78,0) NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE public.sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    end_reason public.session_end_reason,
    user_agent text,
    ip text
);
--> statement-breakpoint
CREATE TABLE public.staking_positions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    user_id uuid NOT NULL,
    amount numeric(78,0) NOT NULL,
    term_days integer NOT NULL,
    apr_bps integer NOT NULL,
    interest numeric(78,0) NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    matures_at timestamp with time zone NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    closed_at timestamp with time zone,
    closing_transaction_id uuid,
    CONSTRAINT staking_positions_amount CHECK (((amount > (0)::numeric) AND (interest >= (0)::numeric))),
    CONSTRAINT staking_positions_status CHECK ((status = ANY (ARRAY['active'::text, 'matured'::text, 'unstaked'::text])))
)
WITH (fillfactor='80');
--> statement-breakpoint
CREATE TABLE public.support_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    ticket_id uuid NOT NULL,
    author text NOT NULL,
    author_id uuid,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    mailed_at timestamp with time zone,
    mail_swept_at timestamp with time zone,
    CONSTRAINT support_messages_author CHECK ((author = ANY (ARRAY['customer'::text, 'support'::text])))
);
--> statement-breakpoint
CREATE TABLE public.support_tickets (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    user_id uuid,
    name text NOT NULL,
    email text NOT NULL,
    subject text NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    close_mailed_at timestamp with time zone,
    close_mail_swept_at timestamp with time zone,
    CONSTRAINT support_tickets_status CHECK ((status = ANY (ARRAY['open'::text, 'answered'::text, 'closed'::text])))
);
--> statement-breakpoint
CREATE TABLE public.swap_quotes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    asset_in public.asset NOT NULL,
    asset_out public.asset NOT NULL,
    amount_in numeric(78,0) NOT NULL,
    amount_out numeric(78,0) NOT NULL,
    fee numeric(78,0) NOT NULL,
    price numeric(78,0) NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
)
WITH (fillfactor='80');
--> statement-breakpoint
CREATE TABLE public.terms_acceptances (
    user_id uuid NOT NULL,
    version integer NOT NULL,
    accepted_at timestamp with time zone DEFAULT now() NOT NULL,
    ip text
);
--> statement-breakpoint
CREATE TABLE public.terms_versions (
    version integer NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL,
    published_by uuid
);
--> statement-breakpoint
CREATE SEQUENCE public.terms_versions_version_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
--> statement-breakpoint
ALTER SEQUENCE public.terms_versions_version_seq OWNED BY public.terms_versions.version;
--> statement-breakpoint
CREATE TABLE public.usdau_requests (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    code text NOT NULL,
    user_id uuid NOT NULL,
    status text DEFAULT 'requested'::text NOT NULL,
    grams numeric(78,0) NOT NULL,
    address text NOT NULL,
    price numeric(78,0) NOT NULL,
    usdau_amount numeric(78,0) NOT NULL,
    lock_entry_id uuid NOT NULL,
    transaction_id uuid,
    created_at timestamp with time zone NOT NULL,
    decided_at timestamp with time zone,
    decided_by uuid,
    reason text,
    mailed_status text,
    mail_swept_at timestamp with time zone,
    CONSTRAINT usdau_requests_status CHECK ((status = ANY (ARRAY['requested'::text, 'approved'::text, 'rejected'::text])))
);
--> statement-breakpoint
CREATE TABLE public.users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    username text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    confirmed boolean DEFAULT false NOT NULL,
    role public.user_role DEFAULT 'customer'::public.user_role NOT NULL,
    kyc_status public.kyc_status DEFAULT 'Not Verified'::public.kyc_status NOT NULL,
    user_hash text NOT NULL,
    ref_code text NOT NULL,
    upline_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    password_changed_at timestamp with time zone,
    confirmed_at timestamp with time zone,
    wallet_index integer NOT NULL,
    CONSTRAINT users_email_lowercase CHECK ((email = lower(email))),
    CONSTRAINT users_not_own_upline CHECK (((upline_id IS NULL) OR (upline_id <> id)))
);
--> statement-breakpoint
ALTER TABLE public.users ALTER COLUMN wallet_index ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.users_wallet_index_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);
--> statement-breakpoint
CREATE TABLE public.vault_bars (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    serial text NOT NULL,
    refinery text NOT NULL,
    fine_grams numeric(78,0) NOT NULL,
    added_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    removed_at timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_batches ALTER COLUMN id SET DEFAULT nextval('public.chain_batches_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_movements ALTER COLUMN seq SET DEFAULT nextval('public.chain_movements_seq_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_reconciliations ALTER COLUMN id SET DEFAULT nextval('public.chain_reconciliations_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_transfers ALTER COLUMN seq SET DEFAULT nextval('public.chain_transfers_seq_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.reserve_snapshots ALTER COLUMN id SET DEFAULT nextval('public.reserve_snapshots_id_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.terms_versions ALTER COLUMN version SET DEFAULT nextval('public.terms_versions_version_seq'::regclass);
--> statement-breakpoint
ALTER TABLE ONLY public.announcements
    ADD CONSTRAINT announcements_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.bank_accounts
    ADD CONSTRAINT bank_accounts_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_batches
    ADD CONSTRAINT chain_batches_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_deposits
    ADD CONSTRAINT chain_deposits_tx_hash_log_index_pk PRIMARY KEY (tx_hash, log_index);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_movements
    ADD CONSTRAINT chain_movements_pkey PRIMARY KEY (seq);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_reconciliations
    ADD CONSTRAINT chain_reconciliations_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_transfers
    ADD CONSTRAINT chain_transfers_pkey PRIMARY KEY (seq);
--> statement-breakpoint
ALTER TABLE ONLY public.consultants
    ADD CONSTRAINT consultants_pkey PRIMARY KEY (user_id);
--> statement-breakpoint
ALTER TABLE ONLY public.dev_mailbox
    ADD CONSTRAINT dev_mailbox_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.gae_auto_save_runs
    ADD CONSTRAINT gae_auto_save_runs_pkey PRIMARY KEY (plan_id, period);
--> statement-breakpoint
ALTER TABLE ONLY public.gae_plans
    ADD CONSTRAINT gae_plans_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.gae_terminations
    ADD CONSTRAINT gae_terminations_code_key UNIQUE (code);
--> statement-breakpoint
ALTER TABLE ONLY public.gae_terminations
    ADD CONSTRAINT gae_terminations_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.ges_documents
    ADD CONSTRAINT ges_documents_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.ges_groups
    ADD CONSTRAINT ges_groups_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.ges_instalments
    ADD CONSTRAINT ges_instalments_membership_id_seq_pk PRIMARY KEY (membership_id, seq);
--> statement-breakpoint
ALTER TABLE ONLY public.ges_mails
    ADD CONSTRAINT ges_mails_membership_id_event_seq_pk PRIMARY KEY (membership_id, event, seq);
--> statement-breakpoint
ALTER TABLE ONLY public.ges_memberships
    ADD CONSTRAINT ges_memberships_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.ges_quotes
    ADD CONSTRAINT ges_quotes_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.gold_quotes
    ADD CONSTRAINT gold_quotes_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_key_pk PRIMARY KEY (user_id, key);
--> statement-breakpoint
ALTER TABLE ONLY public.journal_entries
    ADD CONSTRAINT journal_entries_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.kyc_applicants
    ADD CONSTRAINT kyc_applicants_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.kyc_personal_info
    ADD CONSTRAINT kyc_personal_info_pkey PRIMARY KEY (user_id);
--> statement-breakpoint
ALTER TABLE ONLY public.kyc_webhook_events
    ADD CONSTRAINT kyc_webhook_events_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_owner_asset_purpose_key UNIQUE NULLS NOT DISTINCT (owner_user_id, asset, purpose);
--> statement-breakpoint
ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.link_tokens
    ADD CONSTRAINT link_tokens_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.nominee_drafts
    ADD CONSTRAINT nominee_drafts_pkey PRIMARY KEY (user_id);
--> statement-breakpoint
ALTER TABLE ONLY public.nominees
    ADD CONSTRAINT nominees_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.payment_events
    ADD CONSTRAINT payment_events_pkey PRIMARY KEY (event_id);
--> statement-breakpoint
ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_code_unique UNIQUE (code);
--> statement-breakpoint
ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_session_id_unique UNIQUE (session_id);
--> statement-breakpoint
ALTER TABLE ONLY public.platform_settings
    ADD CONSTRAINT platform_settings_pkey PRIMARY KEY (key);
--> statement-breakpoint
ALTER TABLE ONLY public.postings
    ADD CONSTRAINT postings_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.price_ticks
    ADD CONSTRAINT price_ticks_pkey PRIMARY KEY (at);
--> statement-breakpoint
ALTER TABLE ONLY public.referral_rewards
    ADD CONSTRAINT referral_rewards_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.remittances
    ADD CONSTRAINT remittances_code_unique UNIQUE (code);
--> statement-breakpoint
ALTER TABLE ONLY public.remittances
    ADD CONSTRAINT remittances_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.reserve_snapshots
    ADD CONSTRAINT reserve_snapshots_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.reward_requests
    ADD CONSTRAINT reward_requests_code_key UNIQUE (code);
--> statement-breakpoint
ALTER TABLE ONLY public.reward_requests
    ADD CONSTRAINT reward_requests_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.sandbox_checkouts
    ADD CONSTRAINT sandbox_checkouts_client_reference_id_unique UNIQUE (client_reference_id);
--> statement-breakpoint
ALTER TABLE ONLY public.sandbox_checkouts
    ADD CONSTRAINT sandbox_checkouts_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.sandbox_kyc_applicants
    ADD CONSTRAINT sandbox_kyc_applicants_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.sandbox_kyc_documents
    ADD CONSTRAINT sandbox_kyc_documents_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.save_quotes
    ADD CONSTRAINT save_quotes_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.scan_cursors
    ADD CONSTRAINT scan_cursors_pkey PRIMARY KEY (name);
--> statement-breakpoint
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.staking_positions
    ADD CONSTRAINT staking_positions_code_key UNIQUE (code);
--> statement-breakpoint
ALTER TABLE ONLY public.staking_positions
    ADD CONSTRAINT staking_positions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.support_messages
    ADD CONSTRAINT support_messages_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.support_tickets
    ADD CONSTRAINT support_tickets_code_unique UNIQUE (code);
--> statement-breakpoint
ALTER TABLE ONLY public.support_tickets
    ADD CONSTRAINT support_tickets_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.swap_quotes
    ADD CONSTRAINT swap_quotes_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.terms_acceptances
    ADD CONSTRAINT terms_acceptances_user_id_version_pk PRIMARY KEY (user_id, version);
--> statement-breakpoint
ALTER TABLE ONLY public.terms_versions
    ADD CONSTRAINT terms_versions_pkey PRIMARY KEY (version);
--> statement-breakpoint
ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.usdau_requests
    ADD CONSTRAINT usdau_requests_code_unique UNIQUE (code);
--> statement-breakpoint
ALTER TABLE ONLY public.usdau_requests
    ADD CONSTRAINT usdau_requests_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);
--> statement-breakpoint
ALTER TABLE ONLY public.vault_bars
    ADD CONSTRAINT vault_bars_pkey PRIMARY KEY (id);
--> statement-breakpoint
CREATE INDEX announcements_listed_idx ON public.announcements USING btree (pinned, published_at) WHERE (withdrawn_at IS NULL);
--> statement-breakpoint
CREATE INDEX audit_log_subject_idx ON public.audit_log USING btree (subject_id, created_at);
--> statement-breakpoint
CREATE INDEX bank_accounts_review_idx ON public.bank_accounts USING btree (created_at) WHERE (status = 'review'::text);
--> statement-breakpoint
CREATE INDEX bank_accounts_user_idx ON public.bank_accounts USING btree (user_id, created_at);
--> statement-breakpoint
CREATE INDEX chain_movements_batch_idx ON public.chain_movements USING btree (batch_id);
--> statement-breakpoint
CREATE INDEX chain_movements_open_idx ON public.chain_movements USING btree (seq) WHERE (status = ANY (ARRAY['pending'::public.chain_movement_status, 'sent'::public.chain_movement_status]));
--> statement-breakpoint
CREATE INDEX chain_movements_transaction_idx ON public.chain_movements USING btree (transaction_id);
--> statement-breakpoint
CREATE INDEX chain_transfers_open_idx ON public.chain_transfers USING btree (seq) WHERE (status = ANY (ARRAY['pending'::public.chain_movement_status, 'sent'::public.chain_movement_status]));
--> statement-breakpoint
CREATE INDEX chain_transfers_transaction_idx ON public.chain_transfers USING btree (transaction_id);
--> statement-breakpoint
CREATE UNIQUE INDEX consultants_slug_key ON public.consultants USING btree (slug);
--> statement-breakpoint
CREATE INDEX dev_mailbox_to_idx ON public.dev_mailbox USING btree (to_address, created_at);
--> statement-breakpoint
CREATE INDEX files_owner_idx ON public.files USING btree (owner_user_id, kind);
--> statement-breakpoint
CREATE UNIQUE INDEX files_storage_key_key ON public.files USING btree (storage_key);
--> statement-breakpoint
CREATE INDEX gae_auto_save_runs_unmailed ON public.gae_auto_save_runs USING btree (created_at) WHERE ((outcome = 'skipped'::text) AND (mailed_at IS NULL));
--> statement-breakpoint
CREATE INDEX gae_plans_auto_save_due ON public.gae_plans USING btree (auto_save_next) WHERE (auto_save_next IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX gae_plans_one_open ON public.gae_plans USING btree (user_id) WHERE (status <> 'terminated'::text);
--> statement-breakpoint
CREATE UNIQUE INDEX gae_terminations_one_open ON public.gae_terminations USING btree (plan_id) WHERE (status = 'requested'::text);
--> statement-breakpoint
CREATE INDEX gae_terminations_queue_idx ON public.gae_terminations USING btree (status, requested_at);
--> statement-breakpoint
CREATE INDEX gae_terminations_unmailed_idx ON public.gae_terminations USING btree (requested_at) WHERE (mailed_status IS DISTINCT FROM status);
--> statement-breakpoint
CREATE UNIQUE INDEX ges_documents_version_key ON public.ges_documents USING btree (group_id, version);
--> statement-breakpoint
CREATE INDEX ges_mails_unmailed_idx ON public.ges_mails USING btree (created_at) WHERE (mailed_at IS NULL);
--> statement-breakpoint
CREATE INDEX ges_memberships_due_idx ON public.ges_memberships USING btree (next_due_on) WHERE (status = 'active'::text);
--> statement-breakpoint
CREATE UNIQUE INDEX ges_memberships_once ON public.ges_memberships USING btree (group_id, user_id);
--> statement-breakpoint
CREATE INDEX ges_memberships_user_idx ON public.ges_memberships USING btree (user_id);
--> statement-breakpoint
CREATE INDEX gold_quotes_user_idx ON public.gold_quotes USING btree (user_id, created_at);
--> statement-breakpoint
CREATE INDEX journal_entries_created_idx ON public.journal_entries USING btree (created_at);
--> statement-breakpoint
CREATE UNIQUE INDEX kyc_applicants_provider_id_key ON public.kyc_applicants USING btree (provider, provider_applicant_id);
--> statement-breakpoint
CREATE UNIQUE INDEX kyc_applicants_user_key ON public.kyc_applicants USING btree (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX kyc_webhook_events_digest_key ON public.kyc_webhook_events USING btree (provider, payload_digest);
--> statement-breakpoint
CREATE UNIQUE INDEX link_tokens_token_hash_key ON public.link_tokens USING btree (token_hash);
--> statement-breakpoint
CREATE INDEX link_tokens_user_purpose_idx ON public.link_tokens USING btree (user_id, purpose);
--> statement-breakpoint
CREATE INDEX nominees_user_idx ON public.nominees USING btree (user_id, "position");
--> statement-breakpoint
CREATE INDEX payments_due_idx ON public.payments USING btree (COALESCE(reconcile_after, expires_at)) WHERE (status = 'pending'::text);
--> statement-breakpoint
CREATE INDEX payments_user_idx ON public.payments USING btree (user_id, created_at);
--> statement-breakpoint
CREATE INDEX postings_account_idx ON public.postings USING btree (account_id);
--> statement-breakpoint
CREATE INDEX postings_entry_idx ON public.postings USING btree (entry_id);
--> statement-breakpoint
CREATE INDEX referral_rewards_beneficiary_idx ON public.referral_rewards USING btree (beneficiary_id, vests_at);
--> statement-breakpoint
CREATE UNIQUE INDEX referral_rewards_once ON public.referral_rewards USING btree (source_transaction_id, level) WHERE (split_from IS NULL);
--> statement-breakpoint
CREATE INDEX referral_rewards_source_idx ON public.referral_rewards USING btree (source_transaction_id);
--> statement-breakpoint
CREATE INDEX remittances_recipient_idx ON public.remittances USING btree (recipient_id, created_at);
--> statement-breakpoint
CREATE INDEX remittances_sender_idx ON public.remittances USING btree (sender_id, created_at);
--> statement-breakpoint
CREATE INDEX remittances_unmailed_idx ON public.remittances USING btree (created_at) WHERE (mailed_at IS NULL);
--> statement-breakpoint
CREATE INDEX reserve_snapshots_checked_idx ON public.reserve_snapshots USING btree (checked_at);
--> statement-breakpoint
CREATE INDEX reward_requests_queue_idx ON public.reward_requests USING btree (status, created_at);
--> statement-breakpoint
CREATE INDEX reward_requests_unmailed_idx ON public.reward_requests USING btree (created_at) WHERE (mailed_status IS DISTINCT FROM status);
--> statement-breakpoint
CREATE UNIQUE INDEX sandbox_kyc_applicants_external_key ON public.sandbox_kyc_applicants USING btree (external_user_id);
--> statement-breakpoint
CREATE INDEX sandbox_kyc_documents_applicant_idx ON public.sandbox_kyc_documents USING btree (applicant_id);
--> statement-breakpoint
CREATE UNIQUE INDEX sessions_token_hash_key ON public.sessions USING btree (token_hash);
--> statement-breakpoint
CREATE INDEX sessions_user_idx ON public.sessions USING btree (user_id);
--> statement-breakpoint
CREATE INDEX staking_positions_due_idx ON public.staking_positions USING btree (matures_at) WHERE (status = 'active'::text);
--> statement-breakpoint
CREATE INDEX staking_positions_user_idx ON public.staking_positions USING btree (user_id, starts_at);
--> statement-breakpoint
CREATE INDEX support_messages_ticket_idx ON public.support_messages USING btree (ticket_id, created_at);
--> statement-breakpoint
CREATE INDEX support_messages_unmailed_idx ON public.support_messages USING btree (created_at) WHERE (mailed_at IS NULL);
--> statement-breakpoint
CREATE INDEX support_tickets_close_unmailed_idx ON public.support_tickets USING btree (updated_at) WHERE ((status = 'closed'::text) AND (close_mailed_at IS NULL));
--> statement-breakpoint
CREATE INDEX support_tickets_queue_idx ON public.support_tickets USING btree (status, updated_at);
--> statement-breakpoint
CREATE INDEX support_tickets_user_idx ON public.support_tickets USING btree (user_id, updated_at);
--> statement-breakpoint
CREATE INDEX swap_quotes_user_idx ON public.swap_quotes USING btree (user_id);
--> statement-breakpoint
CREATE UNIQUE INDEX transactions_code_key ON public.transactions USING btree (code);
--> statement-breakpoint
CREATE INDEX transactions_user_type_created_idx ON public.transactions USING btree (user_id, type, created_at);
--> statement-breakpoint
CREATE INDEX usdau_requests_queue_idx ON public.usdau_requests USING btree (status, created_at);
--> statement-breakpoint
CREATE INDEX usdau_requests_unmailed_idx ON public.usdau_requests USING btree (created_at) WHERE (mailed_status IS DISTINCT FROM status);
--> statement-breakpoint
CREATE INDEX usdau_requests_user_idx ON public.usdau_requests USING btree (user_id, created_at);
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_key ON public.users USING btree (email);
--> statement-breakpoint
CREATE UNIQUE INDEX users_ref_code_key ON public.users USING btree (ref_code);
--> statement-breakpoint
CREATE INDEX users_upline_idx ON public.users USING btree (upline_id);
--> statement-breakpoint
CREATE UNIQUE INDEX users_user_hash_key ON public.users USING btree (user_hash);
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_lower_key ON public.users USING btree (lower(username));
--> statement-breakpoint
CREATE UNIQUE INDEX users_wallet_index_key ON public.users USING btree (wallet_index);
--> statement-breakpoint
CREATE UNIQUE INDEX vault_bars_serial_idx ON public.vault_bars USING btree (refinery, serial) WHERE (removed_at IS NULL);
--> statement-breakpoint
ALTER TABLE ONLY public.announcements
    ADD CONSTRAINT announcements_created_by_users_id_fk FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_actor_id_users_id_fk FOREIGN KEY (actor_id) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_subject_id_users_id_fk FOREIGN KEY (subject_id) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.bank_accounts
    ADD CONSTRAINT bank_accounts_decided_by_users_id_fk FOREIGN KEY (decided_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.bank_accounts
    ADD CONSTRAINT bank_accounts_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.chain_deposits
    ADD CONSTRAINT chain_deposits_transaction_id_transactions_id_fk FOREIGN KEY (transaction_id) REFERENCES public.transactions(id);
--> statement-breakpoint
ALTER TABLE ONLY public.chain_deposits
    ADD CONSTRAINT chain_deposits_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.consultants
    ADD CONSTRAINT consultants_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_owner_user_id_users_id_fk FOREIGN KEY (owner_user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.gae_auto_save_runs
    ADD CONSTRAINT gae_auto_save_runs_plan_id_fkey FOREIGN KEY (plan_id) REFERENCES public.gae_plans(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.gae_plans
    ADD CONSTRAINT gae_plans_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.gae_terminations
    ADD CONSTRAINT gae_terminations_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.gae_terminations
    ADD CONSTRAINT gae_terminations_plan_id_fkey FOREIGN KEY (plan_id) REFERENCES public.gae_plans(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.gae_terminations
    ADD CONSTRAINT gae_terminations_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_documents
    ADD CONSTRAINT ges_documents_group_id_ges_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.ges_groups(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_groups
    ADD CONSTRAINT ges_groups_created_by_users_id_fk FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_instalments
    ADD CONSTRAINT ges_instalments_membership_id_ges_memberships_id_fk FOREIGN KEY (membership_id) REFERENCES public.ges_memberships(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_mails
    ADD CONSTRAINT ges_mails_membership_id_ges_memberships_id_fk FOREIGN KEY (membership_id) REFERENCES public.ges_memberships(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_memberships
    ADD CONSTRAINT ges_memberships_document_id_ges_documents_id_fk FOREIGN KEY (document_id) REFERENCES public.ges_documents(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_memberships
    ADD CONSTRAINT ges_memberships_group_id_ges_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.ges_groups(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_memberships
    ADD CONSTRAINT ges_memberships_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_quotes
    ADD CONSTRAINT ges_quotes_group_id_ges_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.ges_groups(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.ges_quotes
    ADD CONSTRAINT ges_quotes_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.gold_quotes
    ADD CONSTRAINT gold_quotes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.kyc_applicants
    ADD CONSTRAINT kyc_applicants_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.kyc_personal_info
    ADD CONSTRAINT kyc_personal_info_profile_picture_id_files_id_fk FOREIGN KEY (profile_picture_id) REFERENCES public.files(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.kyc_personal_info
    ADD CONSTRAINT kyc_personal_info_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_owner_user_id_users_id_fk FOREIGN KEY (owner_user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.link_tokens
    ADD CONSTRAINT link_tokens_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.nominee_drafts
    ADD CONSTRAINT nominee_drafts_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.nominees
    ADD CONSTRAINT nominees_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.postings
    ADD CONSTRAINT postings_entry_id_journal_entries_id_fk FOREIGN KEY (entry_id) REFERENCES public.journal_entries(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.referral_rewards
    ADD CONSTRAINT referral_rewards_beneficiary_id_fkey FOREIGN KEY (beneficiary_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.referral_rewards
    ADD CONSTRAINT referral_rewards_source_user_id_fkey FOREIGN KEY (source_user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.referral_rewards
    ADD CONSTRAINT referral_rewards_split_from_fkey FOREIGN KEY (split_from) REFERENCES public.referral_rewards(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.remittances
    ADD CONSTRAINT remittances_recipient_id_users_id_fk FOREIGN KEY (recipient_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.remittances
    ADD CONSTRAINT remittances_sender_id_users_id_fk FOREIGN KEY (sender_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.reward_requests
    ADD CONSTRAINT reward_requests_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.reward_requests
    ADD CONSTRAINT reward_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.sandbox_kyc_documents
    ADD CONSTRAINT sandbox_kyc_documents_applicant_id_sandbox_kyc_applicants_id_fk FOREIGN KEY (applicant_id) REFERENCES public.sandbox_kyc_applicants(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.sandbox_kyc_documents
    ADD CONSTRAINT sandbox_kyc_documents_file_id_files_id_fk FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.save_quotes
    ADD CONSTRAINT save_quotes_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.staking_positions
    ADD CONSTRAINT staking_positions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.support_messages
    ADD CONSTRAINT support_messages_author_id_users_id_fk FOREIGN KEY (author_id) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.support_messages
    ADD CONSTRAINT support_messages_ticket_id_support_tickets_id_fk FOREIGN KEY (ticket_id) REFERENCES public.support_tickets(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.support_tickets
    ADD CONSTRAINT support_tickets_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.swap_quotes
    ADD CONSTRAINT swap_quotes_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.terms_acceptances
    ADD CONSTRAINT terms_acceptances_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE ONLY public.terms_acceptances
    ADD CONSTRAINT terms_acceptances_version_terms_versions_version_fk FOREIGN KEY (version) REFERENCES public.terms_versions(version) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.terms_versions
    ADD CONSTRAINT terms_versions_published_by_users_id_fk FOREIGN KEY (published_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_journal_entry_id_journal_entries_id_fk FOREIGN KEY (journal_entry_id) REFERENCES public.journal_entries(id);
--> statement-breakpoint
ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.usdau_requests
    ADD CONSTRAINT usdau_requests_decided_by_users_id_fk FOREIGN KEY (decided_by) REFERENCES public.users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE ONLY public.usdau_requests
    ADD CONSTRAINT usdau_requests_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_upline_id_users_id_fk FOREIGN KEY (upline_id) REFERENCES public.users(id) ON DELETE RESTRICT;
--> statement-breakpoint
INSERT INTO public.platform_settings (key, value) VALUES ('reward_vesting_days', '30');
