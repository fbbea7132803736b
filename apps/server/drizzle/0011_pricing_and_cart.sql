CREATE TABLE "cart_lines" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"material" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "cart_lines_amount_positive" CHECK ("cart_lines"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "price_books" (
	"version" serial PRIMARY KEY NOT NULL,
	"book" jsonb NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_books" ADD CONSTRAINT "price_books_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_product_idx" ON "cart_lines" USING btree ("product_id");--> statement-breakpoint
-- Version 1 of the price book: domain DEFAULT_PRICE_BOOK (a test holds the two equal).
INSERT INTO "price_books" ("version", "book", "note") VALUES (1, '{"baseCurrency":"USD","rates":{"USD":1,"CAD":1.38,"EUR":0.92},"layerBands":[{"maxLayers":1,"setupFee":250,"perCm2":0.5},{"maxLayers":2,"setupFee":300,"perCm2":0.6},{"maxLayers":4,"setupFee":800,"perCm2":1.2},{"maxLayers":6,"setupFee":2000,"perCm2":2},{"maxLayers":8,"setupFee":3500,"perCm2":3},{"maxLayers":10,"setupFee":5000,"perCm2":4},{"maxLayers":12,"setupFee":6500,"perCm2":5},{"maxLayers":16,"setupFee":9000,"perCm2":7}],"quantityBreaks":[{"fromM2":0.5,"discountPercent":10},{"fromM2":1,"discountPercent":20},{"fromM2":5,"discountPercent":30}],"materials":{"FR4":{"fixed":0,"percent":0},"FR4 High Tg":{"fixed":0,"percent":20},"Aluminum":{"fixed":1000,"percent":60},"Rogers":{"fixed":5000,"percent":250},"Polyimide":{"fixed":3000,"percent":150}},"standardThicknessesMm":[0.8,1,1.2,1.6,2],"otherThickness":{"fixed":500,"percent":15},"finishings":{"HASL Lead Free":{"fixed":0,"percent":0},"HASL with lead":{"fixed":0,"percent":0},"ENIG":{"fixed":1200,"percent":15},"Gold Plating":{"fixed":2000,"percent":30},"ENEPIG":{"fixed":2500,"percent":35},"Immersion Tin":{"fixed":800,"percent":10},"Immersion Silver":{"fixed":800,"percent":10},"OSP":{"fixed":0,"percent":0},"Bare Copper":{"fixed":0,"percent":0}},"maskColors":{"Red":{"fixed":200,"percent":0},"Yellow":{"fixed":200,"percent":0},"Blue":{"fixed":200,"percent":0},"White":{"fixed":200,"percent":0},"Black":{"fixed":200,"percent":0},"Purple":{"fixed":500,"percent":0},"Matte Black":{"fixed":500,"percent":0},"Matte Green":{"fixed":500,"percent":0}},"silkColors":{"Black":{"fixed":200,"percent":0},"Yellow":{"fixed":200,"percent":0}},"standardOuterCopperOz":1,"outerCopper":[{"upToOz":2,"percent":30},{"upToOz":3,"percent":60}],"standardInnerCopperOz":1,"innerCopper":[{"upToOz":2,"percent":25},{"upToOz":3,"percent":50}],"viaProcesses":{"Plugged vias":{"fixed":1000,"percent":5},"Epoxy filled and capped":{"fixed":4000,"percent":20}},"panelFee":500,"panelCuttings":{"V-Scoring":{"fixed":300,"percent":0},"Tab-routing":{"fixed":500,"percent":0},"V-Scoring+Tab-routing":{"fixed":800,"percent":0}},"xOutDiscountPercent":5,"standardMinHoleMm":0.3,"holeBands":[{"belowMm":0.3,"percent":10},{"belowMm":0.2,"percent":25}],"minHoleMm":0.15,"leadTimes":[{"id":"standard","label":"Standard production","workingDays":5,"percent":0},{"id":"fast","label":"Fast production","workingDays":3,"percent":30},{"id":"express","label":"Express production","workingDays":2,"percent":60}]}'::jsonb, 'Default price book');
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('price_books', 'version'), 1);
