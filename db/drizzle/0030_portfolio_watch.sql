-- A log of which users' portfolio-wide alerts or holdings changed, written by triggers in the writing
-- transaction: the alert consumer keeps these users' alerts and holdings in memory and reloads only the
-- users logged since its last look. `txid` is the writing transaction, so a reader that remembers the
-- oldest transaction still running at its last look misses no change that commits later. A null user
-- stands for everyone (a truncate). `seen_at` is set once the row was seen committed; rows are deleted a
-- while after that (see portfolio-watch.ts in db/src/queries).
CREATE TABLE "portfolio_watch" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"user_id" uuid,
	"seen_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "portfolio_watch_txid_idx" ON "portfolio_watch" USING btree ("txid");--> statement-breakpoint
CREATE FUNCTION portfolio_watch_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO portfolio_watch (user_id) SELECT DISTINCT user_id FROM new_rows WHERE coingecko_id IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO portfolio_watch (user_id)
      SELECT user_id FROM new_rows WHERE coingecko_id IS NULL
      UNION SELECT user_id FROM old_rows WHERE coingecko_id IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO portfolio_watch (user_id) SELECT DISTINCT user_id FROM old_rows WHERE coingecko_id IS NULL;
  ELSE
    INSERT INTO portfolio_watch (user_id) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION portfolio_watch_holdings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO portfolio_watch (user_id) SELECT DISTINCT user_id FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO portfolio_watch (user_id) SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO portfolio_watch (user_id) SELECT DISTINCT user_id FROM old_rows;
  ELSE
    INSERT INTO portfolio_watch (user_id) VALUES (NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER alerts_watch_insert AFTER INSERT ON "alerts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio_watch_alerts();--> statement-breakpoint
CREATE TRIGGER alerts_watch_update AFTER UPDATE ON "alerts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio_watch_alerts();--> statement-breakpoint
CREATE TRIGGER alerts_watch_delete AFTER DELETE ON "alerts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio_watch_alerts();--> statement-breakpoint
CREATE TRIGGER alerts_watch_truncate AFTER TRUNCATE ON "alerts"
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio_watch_alerts();--> statement-breakpoint
CREATE TRIGGER portfolio_items_watch_insert AFTER INSERT ON "portfolio_items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio_watch_holdings();--> statement-breakpoint
CREATE TRIGGER portfolio_items_watch_update AFTER UPDATE ON "portfolio_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio_watch_holdings();--> statement-breakpoint
CREATE TRIGGER portfolio_items_watch_delete AFTER DELETE ON "portfolio_items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio_watch_holdings();--> statement-breakpoint
CREATE TRIGGER portfolio_items_watch_truncate AFTER TRUNCATE ON "portfolio_items"
  FOR EACH STATEMENT EXECUTE FUNCTION portfolio_watch_holdings();
