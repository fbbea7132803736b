CREATE TABLE "order_document_files" (
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"version" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_document_files_order_id_type_version_pk" PRIMARY KEY("order_id","type","version")
);
--> statement-breakpoint
ALTER TABLE "order_document_files" ADD CONSTRAINT "order_document_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_document_files" ADD CONSTRAINT "order_document_files_storage_key_stored_files_key_fk" FOREIGN KEY ("storage_key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_document_files_storage_key_idx" ON "order_document_files" USING btree ("storage_key");