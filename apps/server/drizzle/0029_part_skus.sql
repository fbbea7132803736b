CREATE TABLE "part_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"supplier" text NOT NULL,
	"sku" text NOT NULL,
	"sku_key" text NOT NULL,
	"source" text
);
--> statement-breakpoint
ALTER TABLE "part_skus" ADD CONSTRAINT "part_skus_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "part_skus_supplier_sku_key" ON "part_skus" USING btree (lower("supplier"),"sku_key");--> statement-breakpoint
CREATE INDEX "part_skus_sku_key_idx" ON "part_skus" USING btree ("sku_key");--> statement-breakpoint
CREATE INDEX "part_skus_part_idx" ON "part_skus" USING btree ("part_id");