ALTER TABLE "exchange_accounts" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alerts_event_kinds_idx" ON "alerts" USING btree ("scope","user_id") WHERE "alerts"."scope" in ('movement', 'sync_problem') and "alerts"."status" = 'Active';