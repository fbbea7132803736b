ALTER TABLE "cart_lines" ADD COLUMN "lead_time" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "lead_time" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "ship_date" date;