DROP INDEX "outbox_messages_due_idx";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" in ('pending', 'sending');