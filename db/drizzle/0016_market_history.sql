CREATE TABLE "market_history" (
	"coingecko_id" text NOT NULL,
	"currency" text NOT NULL,
	"granularity" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "market_history_coingecko_id_currency_granularity_at_pk" PRIMARY KEY("coingecko_id","currency","granularity","at")
);
--> statement-breakpoint
CREATE TABLE "market_history_coverage" (
	"coingecko_id" text NOT NULL,
	"currency" text NOT NULL,
	"granularity" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_history_coverage_coingecko_id_currency_granularity_from_at_pk" PRIMARY KEY("coingecko_id","currency","granularity","from_at"),
	CONSTRAINT "market_history_coverage_span" CHECK ("market_history_coverage"."to_at" > "market_history_coverage"."from_at")
);
