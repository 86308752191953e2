CREATE TABLE "job_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
