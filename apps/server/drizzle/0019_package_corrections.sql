CREATE TABLE "package_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"package_name" text,
	"package_key" text,
	"package_id" integer,
	"rotation" double precision DEFAULT 0 NOT NULL,
	"x_mm" double precision DEFAULT 0 NOT NULL,
	"y_mm" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_corrections_one_package_check" CHECK (("package_corrections"."package_key" is null) <> ("package_corrections"."package_id" is null))
);
--> statement-breakpoint
ALTER TABLE "package_corrections" ADD CONSTRAINT "package_corrections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_corrections" ADD CONSTRAINT "package_corrections_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_corrections_name_idx" ON "package_corrections" USING btree ("company_id","package_key");--> statement-breakpoint
CREATE UNIQUE INDEX "package_corrections_package_idx" ON "package_corrections" USING btree ("company_id","package_id");