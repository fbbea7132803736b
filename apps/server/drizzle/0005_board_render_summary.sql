ALTER TABLE "board_renders" ADD COLUMN "width_mm" double precision;--> statement-breakpoint
ALTER TABLE "board_renders" ADD COLUMN "length_mm" double precision;--> statement-breakpoint
ALTER TABLE "board_renders" ADD COLUMN "copper_layers" smallint;--> statement-breakpoint
ALTER TABLE "board_renders" ADD COLUMN "board_shape" text;