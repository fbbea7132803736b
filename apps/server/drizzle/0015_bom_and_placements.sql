CREATE TABLE "bom_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_file_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"line" integer,
	"part_id" integer,
	"part_number" text,
	"manufacturer" text,
	"value" text,
	"footprint" text,
	"description" text,
	"quantity" double precision,
	"supplier_parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmed_by" integer,
	"cust_will_supply" boolean DEFAULT false NOT NULL,
	"substitutions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ref_designs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_basis" text,
	"match_confidence" text,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bom_rows_quantity_check" CHECK ("bom_rows"."quantity" is null or "bom_rows"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "placement_offsets" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"x_mm" double precision DEFAULT 0 NOT NULL,
	"y_mm" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_file_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"line" integer,
	"ref_design" text NOT NULL,
	"side" text NOT NULL,
	"x_mm" double precision NOT NULL,
	"y_mm" double precision NOT NULL,
	"angle" double precision DEFAULT 0 NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"dnp" boolean DEFAULT false NOT NULL,
	"package_id" integer,
	"package_name" text,
	"value" text,
	"bom_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_side_check" CHECK ("placements"."side" in ('top', 'bottom'))
);
--> statement-breakpoint
ALTER TABLE "bom_rows" ADD CONSTRAINT "bom_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_rows" ADD CONSTRAINT "bom_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_rows" ADD CONSTRAINT "bom_rows_product_file_id_product_files_id_fk" FOREIGN KEY ("product_file_id") REFERENCES "public"."product_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_rows" ADD CONSTRAINT "bom_rows_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_rows" ADD CONSTRAINT "bom_rows_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_offsets" ADD CONSTRAINT "placement_offsets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_product_file_id_product_files_id_fk" FOREIGN KEY ("product_file_id") REFERENCES "public"."product_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_bom_id_bom_rows_id_fk" FOREIGN KEY ("bom_id") REFERENCES "public"."bom_rows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bom_rows_product_idx" ON "bom_rows" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "bom_rows_company_idx" ON "bom_rows" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bom_rows_part_idx" ON "bom_rows" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "placements_product_idx" ON "placements" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "placements_company_idx" ON "placements" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "placements_bom_idx" ON "placements" USING btree ("bom_id");--> statement-breakpoint
-- Product pages are cached while nothing they show changes (0013): BOM rows, placements and the
-- placement offset are on the page. A BOM or placement file writes thousands of rows at once, so
-- these triggers run once per statement and tell each product once, not once per row.
CREATE OR REPLACE FUNCTION circuits_notify_product_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid integer;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    FOR pid IN SELECT DISTINCT product_id FROM new_rows LOOP
      PERFORM pg_notify('circuits_changes', TG_TABLE_NAME || ':' || pid);
    END LOOP;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    FOR pid IN SELECT DISTINCT product_id FROM old_rows LOOP
      PERFORM pg_notify('circuits_changes', TG_TABLE_NAME || ':' || pid);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bom_rows_inserted AFTER INSERT ON bom_rows REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
--> statement-breakpoint
CREATE TRIGGER bom_rows_updated AFTER UPDATE ON bom_rows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
--> statement-breakpoint
CREATE TRIGGER bom_rows_deleted AFTER DELETE ON bom_rows REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
--> statement-breakpoint
CREATE TRIGGER placements_inserted AFTER INSERT ON placements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
--> statement-breakpoint
CREATE TRIGGER placements_updated AFTER UPDATE ON placements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
--> statement-breakpoint
CREATE TRIGGER placements_deleted AFTER DELETE ON placements REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
--> statement-breakpoint
CREATE TRIGGER placement_offsets_inserted AFTER INSERT ON placement_offsets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
--> statement-breakpoint
CREATE TRIGGER placement_offsets_updated AFTER UPDATE ON placement_offsets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
--> statement-breakpoint
CREATE TRIGGER placement_offsets_deleted AFTER DELETE ON placement_offsets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_product_rows();
