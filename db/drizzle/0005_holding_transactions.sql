CREATE TABLE "holding_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holding_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"price_per_coin" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD CONSTRAINT "holding_transactions_holding_id_portfolio_items_id_fk" FOREIGN KEY ("holding_id") REFERENCES "public"."portfolio_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_transactions" ADD CONSTRAINT "holding_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holding_transactions_holding_idx" ON "holding_transactions" USING btree ("holding_id","at","created_at");--> statement-breakpoint
-- Existing holdings: each gets one opening transaction, a buy of its quantity at its purchase
-- price when it was created, so what it derives is exactly what the row shows. A holding of quantity 0
-- (possible before validation was tightened) opens with an adjustment instead, which keeps its price.
INSERT INTO "holding_transactions" ("holding_id", "user_id", "kind", "at", "quantity", "price_per_coin", "fee", "note", "created_at")
  SELECT "id", "user_id", CASE WHEN "quantity" = 0 THEN 'adjust' ELSE 'buy' END, "created_at", "quantity",
         "purchase_price", 0, 'Opening balance', "created_at"
  FROM "portfolio_items";
