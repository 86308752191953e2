CREATE TABLE "exchange_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"exchange" text NOT NULL,
	"label" text NOT NULL,
	"credentials" text NOT NULL,
	"key_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"syncing_since" timestamp with time zone,
	"last_error" text,
	"cursor" jsonb,
	"balances" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_asset_overrides" (
	"user_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"coingecko_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_asset_overrides_user_id_asset_pk" PRIMARY KEY("user_id","asset")
);
--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "exchange_accounts" ADD CONSTRAINT "exchange_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_asset_overrides" ADD CONSTRAINT "exchange_asset_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_accounts_user_idx" ON "exchange_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD CONSTRAINT "holding_transactions_location_id_exchange_accounts_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."exchange_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holding_transactions_location_idx" ON "holding_transactions" USING btree ("location_id");