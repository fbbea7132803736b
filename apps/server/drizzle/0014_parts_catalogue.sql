CREATE TABLE "package_categories" (
	"package_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "package_categories_package_id_category_id_pk" PRIMARY KEY("package_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"pkg_name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_x_mm" double precision DEFAULT 0 NOT NULL,
	"max_x_mm" double precision DEFAULT 0 NOT NULL,
	"min_y_mm" double precision DEFAULT 0 NOT NULL,
	"max_y_mm" double precision DEFAULT 0 NOT NULL,
	"img_link" text,
	"mount_type" text DEFAULT 'SMD' NOT NULL,
	"num_of_pins" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_mount_type_check" CHECK ("packages"."mount_type" in ('SMD', 'THT')),
	CONSTRAINT "packages_pins_check" CHECK ("packages"."num_of_pins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "category_specs" (
	"category_id" integer NOT NULL,
	"specification_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"added_by" integer,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"shorts" text[] DEFAULT '{}'::text[] NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_price_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"min_qty" integer NOT NULL,
	"unit_price_minor" numeric(14, 4) NOT NULL,
	CONSTRAINT "part_price_breaks_check" CHECK ("part_price_breaks"."min_qty" >= 1 and "part_price_breaks"."unit_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "part_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"specification_id" integer NOT NULL,
	"option_id" integer,
	"value_text" text NOT NULL,
	"value_num" double precision,
	"value_min" double precision,
	"value_max" double precision,
	"source" text
);
--> statement-breakpoint
CREATE TABLE "part_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"lot" text DEFAULT '' NOT NULL,
	"qty" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "part_stock_qty_check" CHECK ("part_stock"."qty" >= 0 and "part_stock"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"part_number" text NOT NULL,
	"part_number_key" text NOT NULL,
	"image" text,
	"datasheet" text,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"manufacturer_id" integer,
	"package_id" integer,
	"mount_type" text,
	"added_by" integer,
	"company_id" integer,
	"confirmed" boolean DEFAULT false NOT NULL,
	"source" text,
	"search_text" text DEFAULT '' NOT NULL,
	"qty_available" bigint DEFAULT 0 NOT NULL,
	"unit_price_minor" numeric(14, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_mount_type_check" CHECK ("parts"."mount_type" in ('SMD', 'THT'))
);
--> statement-breakpoint
CREATE TABLE "spec_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spec_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"specification_id" integer NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spec_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"unit_id" integer,
	"data_type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specifications_data_type_check" CHECK ("specifications"."data_type" in ('number', 'option', 'text'))
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "stock_locations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "package_categories" ADD CONSTRAINT "package_categories_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_specs" ADD CONSTRAINT "category_specs_category_id_part_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."part_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_specs" ADD CONSTRAINT "category_specs_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD CONSTRAINT "manufacturers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturers" ADD CONSTRAINT "manufacturers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_price_breaks" ADD CONSTRAINT "part_price_breaks_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_specs" ADD CONSTRAINT "part_specs_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_specs" ADD CONSTRAINT "part_specs_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_specs" ADD CONSTRAINT "part_specs_option_id_spec_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."spec_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_stock" ADD CONSTRAINT "part_stock_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_stock" ADD CONSTRAINT "part_stock_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_category_id_part_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."part_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spec_options" ADD CONSTRAINT "spec_options_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_category_id_spec_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."spec_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specifications" ADD CONSTRAINT "specifications_unit_id_spec_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."spec_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_categories_category_idx" ON "package_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_name_key" ON "packages" USING btree (lower("pkg_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "category_specs_key" ON "category_specs" USING btree ("category_id","specification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturers_name_key" ON "manufacturers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "part_categories_name_key" ON "part_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "part_price_breaks_key" ON "part_price_breaks" USING btree ("part_id","min_qty");--> statement-breakpoint
CREATE UNIQUE INDEX "part_specs_part_spec_key" ON "part_specs" USING btree ("part_id","specification_id");--> statement-breakpoint
CREATE INDEX "part_specs_num_idx" ON "part_specs" USING btree ("specification_id","value_num","part_id");--> statement-breakpoint
CREATE INDEX "part_specs_option_idx" ON "part_specs" USING btree ("specification_id","option_id","part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "part_stock_lot_key" ON "part_stock" USING btree ("part_id","location_id","lot");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_number_key" ON "parts" USING btree (coalesce("manufacturer_id", 0),"part_number_key");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_source_key" ON "parts" USING btree ("source");--> statement-breakpoint
CREATE INDEX "parts_category_idx" ON "parts" USING btree ("category_id","confirmed");--> statement-breakpoint
CREATE INDEX "parts_manufacturer_idx" ON "parts" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "parts_package_idx" ON "parts" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "parts_company_idx" ON "parts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "parts_price_idx" ON "parts" USING btree ("unit_price_minor","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spec_categories_name_key" ON "spec_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "spec_options_value_key" ON "spec_options" USING btree ("specification_id",lower("value"));--> statement-breakpoint
CREATE UNIQUE INDEX "spec_units_name_key" ON "spec_units" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "specifications_name_key" ON "specifications" USING btree (lower("name"));
--> statement-breakpoint
-- Keyword search: trigram indexes make substring and typo-tolerant matches index scans; the
-- pattern_ops index serves part-number prefixes (`STM32F1%`) under any collation.
CREATE INDEX "parts_search_trgm_idx" ON "parts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_number_trgm_idx" ON "parts" USING gin ("part_number_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_number_prefix_idx" ON "parts" ("part_number_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "packages_aliases_idx" ON "packages" USING gin ("aliases");--> statement-breakpoint
CREATE INDEX "manufacturers_aliases_idx" ON "manufacturers" USING gin ("aliases");--> statement-breakpoint
-- Reference data: the nine parts-search tabs of SPEC §9 (ids fixed), spec units, spec
-- categories, specifications (the diode tab's are 16, 17 and 24 to 28) and their options.
INSERT INTO "part_categories" ("id", "name", "shorts", "aliases") VALUES
  (1, 'Resistors', '{R,RES}', '{Resistor,"Chip Resistor - Surface Mount","Through Hole Resistors"}'),
  (2, 'Capacitors', '{C,CAP}', '{Capacitor,MLCC,"Multilayer Ceramic Capacitors MLCC - SMD/SMT","Ceramic Capacitors"}'),
  (4, 'Electrolytic capacitors', '{C,CP}', '{"Aluminum Electrolytic Capacitors - SMD","Aluminum Electrolytic Capacitors - Leaded","Tantalum Capacitors","Polymer Capacitors"}'),
  (8, 'Inductors', '{L,IND}', '{Inductor,"Power Inductors","Inductors (SMD)","Inductors, Coils, Chokes","Inductors/Coils/Transformers"}'),
  (5, 'Diodes', '{D}', '{Diode,"Schottky Barrier Diodes (SBD)","Switching Diodes","Zener Diodes","TVS",LED}'),
  (7, 'Transistors', '{Q}', '{Transistor,MOSFET,MOSFETs,BJT,"Bipolar Transistors - BJT"}'),
  (11, 'Voltage regulators', '{U,VR}', '{"Voltage Regulators - Linear, Low Drop Out (LDO) Regulators","DC-DC Converters",LDO,"Power Management ICs"}'),
  (19, 'Microcontrollers', '{U,MCU}', '{MCU,"Microcontroller Units (MCUs/MPUs/SOCs)","Microcontrollers (MCU/MPU/SOC)"}'),
  (6, 'Connectors', '{J,P,CN,X}', '{Connector,"Pin Headers","Female Headers","USB Connectors","Wire To Board Connector"}');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('part_categories', 'id'), 99);--> statement-breakpoint
INSERT INTO "spec_categories" ("id", "name") VALUES
  (1, 'Electrical'), (2, 'Physical'), (3, 'Environmental');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('spec_categories', 'id'), 99);--> statement-breakpoint
INSERT INTO "spec_units" ("id", "name", "short") VALUES
  (1, 'Ohm', 'Ω'), (2, 'Farad', 'F'), (3, 'Henry', 'H'), (4, 'Volt', 'V'), (5, 'Ampere', 'A'),
  (6, 'Watt', 'W'), (7, 'Hertz', 'Hz'), (8, 'Percent', '%'), (9, 'Degree Celsius', '°C'),
  (10, 'Millimetre', 'mm'), (11, 'Byte', 'B'), (12, 'Second', 's');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('spec_units', 'id'), 99);--> statement-breakpoint
INSERT INTO "specifications" ("id", "name", "category_id", "unit_id", "data_type", "required") VALUES
  (1, 'Resistance', 1, 1, 'number', true),
  (2, 'Tolerance', 1, 8, 'number', false),
  (3, 'Power', 1, 6, 'number', false),
  (4, 'Capacitance', 1, 2, 'number', true),
  (5, 'Voltage rating', 1, 4, 'number', false),
  (6, 'Dielectric', 1, NULL, 'option', false),
  (7, 'Inductance', 1, 3, 'number', true),
  (8, 'Current rating', 1, 5, 'number', false),
  (9, 'Operating temperature', 3, 9, 'number', false),
  (10, 'Temperature coefficient', 1, NULL, 'text', false),
  (11, 'DC resistance', 1, 1, 'number', false),
  (12, 'Capacitor type', 1, NULL, 'option', false),
  (13, 'Number of pins', 2, NULL, 'number', false),
  (14, 'Pitch', 2, 10, 'number', false),
  (15, 'Clock frequency', 1, 7, 'number', false),
  (16, 'Diode type', 1, NULL, 'option', true),
  (17, 'Reverse voltage (Vr)', 1, 4, 'number', false),
  (18, 'Transistor type', 1, NULL, 'option', true),
  (19, 'Drain-source / collector-emitter voltage', 1, 4, 'number', false),
  (20, 'Continuous current (Id / Ic)', 1, 5, 'number', false),
  (21, 'On-resistance (Rds on)', 1, 1, 'number', false),
  (22, 'Output voltage', 1, 4, 'number', false),
  (23, 'Output current', 1, 5, 'number', false),
  (24, 'Forward current (If)', 1, 5, 'number', false),
  (25, 'Forward voltage (Vf)', 1, 4, 'number', false),
  (26, 'Reverse leakage current (Ir)', 1, 5, 'number', false),
  (27, 'Zener voltage (Vz)', 1, 4, 'number', false),
  (28, 'Power dissipation (Pd)', 1, 6, 'number', false),
  (29, 'Core', 1, NULL, 'option', false),
  (30, 'Flash size', 1, 11, 'number', false),
  (31, 'RAM size', 1, 11, 'number', false),
  (32, 'Regulator type', 1, NULL, 'option', true),
  (33, 'Input voltage', 1, 4, 'number', false),
  (34, 'Number of positions', 2, NULL, 'number', false),
  (35, 'Connector type', 2, NULL, 'option', true),
  (36, 'ESR', 1, 1, 'number', false);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('specifications', 'id'), 99);--> statement-breakpoint
INSERT INTO "spec_options" ("specification_id", "value", "sort_order") VALUES
  (6, 'C0G', 1), (6, 'X5R', 2), (6, 'X7R', 3), (6, 'X7S', 4), (6, 'X6S', 5), (6, 'X8R', 6), (6, 'Y5V', 7), (6, 'Z5U', 8),
  (12, 'Aluminium electrolytic', 1), (12, 'Tantalum', 2), (12, 'Aluminium polymer', 3),
  (16, 'Rectifier', 1), (16, 'Schottky', 2), (16, 'Zener', 3), (16, 'TVS', 4), (16, 'Switching', 5), (16, 'Fast recovery', 6), (16, 'LED', 7), (16, 'Bridge rectifier', 8),
  (18, 'NPN', 1), (18, 'PNP', 2), (18, 'N-channel MOSFET', 3), (18, 'P-channel MOSFET', 4),
  (29, 'ARM Cortex-M0+', 1), (29, 'ARM Cortex-M3', 2), (29, 'ARM Cortex-M4', 3), (29, 'ARM Cortex-M7', 4), (29, 'AVR', 5), (29, 'RISC-V', 6), (29, 'Xtensa', 7),
  (32, 'LDO', 1), (32, 'Buck', 2), (32, 'Boost', 3), (32, 'Buck-boost', 4),
  (35, 'Pin header', 1), (35, 'Female header', 2), (35, 'JST PH', 3), (35, 'JST XH', 4), (35, 'USB-C', 5), (35, 'USB Micro-B', 6), (35, 'Terminal block', 7), (35, 'IDC box header', 8);--> statement-breakpoint
INSERT INTO "category_specs" ("category_id", "specification_id", "sort_order") VALUES
  (1, 1, 1), (1, 2, 2), (1, 3, 3), (1, 10, 4), (1, 9, 5),
  (2, 4, 1), (2, 5, 2), (2, 6, 3), (2, 2, 4), (2, 9, 5),
  (4, 4, 1), (4, 5, 2), (4, 12, 3), (4, 2, 4), (4, 36, 5), (4, 9, 6),
  (8, 7, 1), (8, 8, 2), (8, 11, 3), (8, 2, 4),
  (5, 16, 1), (5, 17, 2), (5, 24, 3), (5, 25, 4), (5, 26, 5), (5, 27, 6), (5, 28, 7),
  (7, 18, 1), (7, 19, 2), (7, 20, 3), (7, 21, 4), (7, 28, 5),
  (11, 32, 1), (11, 22, 2), (11, 23, 3), (11, 33, 4),
  (19, 29, 1), (19, 15, 2), (19, 30, 3), (19, 31, 4), (19, 13, 5),
  (6, 35, 1), (6, 34, 2), (6, 14, 3), (6, 8, 4);--> statement-breakpoint
INSERT INTO "stock_locations" ("id", "name") VALUES
  (1, 'Toronto main warehouse'), (2, 'Montreal assembly line'), (3, 'Shenzhen consignment');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('stock_locations', 'id'), 99);
