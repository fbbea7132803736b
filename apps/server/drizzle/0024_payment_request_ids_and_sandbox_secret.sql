CREATE TABLE "sandbox_credentials" (
	"id" smallint PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_id" text DEFAULT gen_random_uuid()::text NOT NULL;