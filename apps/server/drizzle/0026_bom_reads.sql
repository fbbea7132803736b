CREATE TABLE "bom_read_chunks" (
	"read_id" integer NOT NULL,
	"chunk" integer NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "bom_read_chunks_read_id_chunk_pk" PRIMARY KEY("read_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "bom_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_file_id" integer,
	"file_name" text NOT NULL,
	"summary" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bom_read_chunks" ADD CONSTRAINT "bom_read_chunks_read_id_bom_reads_id_fk" FOREIGN KEY ("read_id") REFERENCES "public"."bom_reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_reads" ADD CONSTRAINT "bom_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_reads" ADD CONSTRAINT "bom_reads_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_reads" ADD CONSTRAINT "bom_reads_product_file_id_product_files_id_fk" FOREIGN KEY ("product_file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_reads" ADD CONSTRAINT "bom_reads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bom_reads_product_idx" ON "bom_reads" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "bom_reads_created_idx" ON "bom_reads" USING btree ("created_at");