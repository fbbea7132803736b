CREATE TABLE "board_analyses" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"width_mm" double precision,
	"length_mm" double precision,
	"copper_layers" smallint NOT NULL,
	"size_from" text,
	"analysed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_renders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"hash" text NOT NULL,
	"status" text NOT NULL,
	"storage_key" text,
	"claimed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_settings_options" (
	"name" text PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_hashes" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_board_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_analyses" ADD CONSTRAINT "board_analyses_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_renders" ADD CONSTRAINT "board_renders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_renders" ADD CONSTRAINT "board_renders_storage_key_stored_files_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_hashes" ADD CONSTRAINT "content_hashes_storage_key_stored_files_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_board_settings" ADD CONSTRAINT "product_board_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "board_renders_company_hash_idx" ON "board_renders" USING btree ("company_id","hash");--> statement-breakpoint
CREATE INDEX "board_renders_storage_key_idx" ON "board_renders" USING btree ("storage_key");