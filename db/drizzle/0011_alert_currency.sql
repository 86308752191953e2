DROP INDEX "alerts_trigger_idx";--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "trigger_currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_display_currency_idx" ON "users" USING btree ("display_currency") WHERE "users"."display_currency" <> 'usd';--> statement-breakpoint
CREATE INDEX "alerts_currency_idx" ON "alerts" USING btree ("currency") WHERE "alerts"."currency" <> 'usd';--> statement-breakpoint
CREATE INDEX "alerts_trigger_idx" ON "alerts" USING btree ("coingecko_id","trigger_currency","direction","trigger_price") WHERE "alerts"."status" = 'Active';