CREATE TABLE "trade_import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"exchange" text NOT NULL,
	"file_name" text,
	"read" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"created_holdings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replaced" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD COLUMN "import_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_import_batches" ADD CONSTRAINT "trade_import_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_import_batches_user_idx" ON "trade_import_batches" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD CONSTRAINT "holding_transactions_import_batch_id_trade_import_batches_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."trade_import_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holding_transactions_batch_idx" ON "holding_transactions" USING btree ("import_batch_id");