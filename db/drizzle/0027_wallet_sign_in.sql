CREATE TABLE "wallet_sign_in_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_sign_in_nonces" ADD CONSTRAINT "wallet_sign_in_nonces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_sign_in_nonces" ADD CONSTRAINT "wallet_sign_in_nonces_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_sign_in_nonces_wallet_idx" ON "wallet_sign_in_nonces" USING btree ("wallet_id");--> statement-breakpoint
ALTER TABLE "wallets" DROP COLUMN "verified";