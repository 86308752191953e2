CREATE TABLE "coin_list_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"coins" integer NOT NULL,
	CONSTRAINT "coin_list_state_one_row" CHECK ("coin_list_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "listed_coins" (
	"coingecko_id" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"market_cap_rank" integer,
	"image" text
);
