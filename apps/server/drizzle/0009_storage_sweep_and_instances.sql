CREATE TABLE "product_render_stamps" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_pending_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"instance_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_renders" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "product_render_stamps" ADD CONSTRAINT "product_render_stamps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_render_stamps" ADD CONSTRAINT "product_render_stamps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_pending_objects" ADD CONSTRAINT "storage_pending_objects_instance_id_server_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."server_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_render_stamps_company_hash_idx" ON "product_render_stamps" USING btree ("company_id","hash");--> statement-breakpoint
CREATE INDEX "storage_pending_objects_instance_idx" ON "storage_pending_objects" USING btree ("instance_id");--> statement-breakpoint
ALTER TABLE "board_renders" ADD CONSTRAINT "board_renders_claimed_by_server_instances_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."server_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_renders_claimed_by_idx" ON "board_renders" USING btree ("claimed_by");