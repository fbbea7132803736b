-- A tab's parts come in id order (the search's default order) from the index itself, so a
-- page deep in a broad tab reads its rows and no others.
DROP INDEX "parts_category_idx";--> statement-breakpoint
CREATE INDEX "parts_category_id_idx" ON "parts" USING btree ("category_id","confirmed","id");