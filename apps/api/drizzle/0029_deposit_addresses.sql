-- Each customer's deposit address, derived once and indexed (wallet/deposit-addresses.ts): the
-- deposit watcher follows every USDT Transfer of a block range and looks its recipients up here,
-- instead of deriving every customer's address and asking the chain about each one every pass.
-- Existing customers are filled by the watcher's bounded backfill, not here: the derivation
-- needs the wallet mnemonic, which the database never sees.
CREATE TABLE "wallet_deposit_addresses" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_deposit_addresses_address_lowercase" CHECK ("wallet_deposit_addresses"."address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
ALTER TABLE "wallet_deposit_addresses" ADD CONSTRAINT "wallet_deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposit_addresses_address_key" ON "wallet_deposit_addresses" USING btree ("address");