CREATE TABLE "local_credits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"credit_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_credits" ADD CONSTRAINT "local_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;