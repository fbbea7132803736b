CREATE TABLE "rate_limit_buckets" (
	"limit_name" text NOT NULL,
	"subject_hash" text NOT NULL,
	"level" double precision NOT NULL,
	"capacity" double precision NOT NULL,
	"window_ms" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"drained_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_buckets_limit_name_subject_hash_pk" PRIMARY KEY("limit_name","subject_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_drained_idx" ON "rate_limit_buckets" USING btree ("drained_at");