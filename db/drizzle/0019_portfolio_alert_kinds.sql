ALTER TABLE "alerts" ADD COLUMN "measure" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "high_water" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "high_water_at" timestamp with time zone;