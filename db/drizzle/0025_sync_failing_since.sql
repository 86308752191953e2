ALTER TABLE "exchange_accounts" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "failing_since" timestamp with time zone;