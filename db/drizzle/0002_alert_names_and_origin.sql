ALTER TABLE "alert_events" ADD COLUMN "scope" text;--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "coin_symbol" text;--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "threshold_type" text;--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "threshold_value" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "origin" text DEFAULT 'user' NOT NULL;