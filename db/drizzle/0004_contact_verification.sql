CREATE TABLE "contact_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_verifications" ADD CONSTRAINT "contact_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_verifications_user_channel_key" ON "contact_verifications" USING btree ("user_id","channel");--> statement-breakpoint
CREATE INDEX "contact_verifications_secret_idx" ON "contact_verifications" USING btree ("secret_hash");--> statement-breakpoint
-- Existing users: a local account's e-mail counts as confirmed while it is still the
-- sign-in e-mail of its credential; every other e-mail and every phone number waits for a confirmation.
UPDATE "users" SET "email_verified_at" = now() FROM "local_credentials" c
  WHERE c."user_id" = "users"."id" AND lower(c."email") = lower("users"."email");
