-- What a product page shows of the catalogue (a BOM row's part: number, manufacturer, category,
-- specs, package, stock and price; a placement's package) changes when the catalogue does: the
-- product pages kept in memory forget everything then (the channel of 0013). One notification
-- per statement, with the key '*', so that importing thousands of parts says so once.
CREATE OR REPLACE FUNCTION circuits_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('circuits_changes', TG_TABLE_NAME || ':*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER parts_changes AFTER INSERT OR UPDATE OR DELETE ON parts
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER manufacturers_changes AFTER INSERT OR UPDATE OR DELETE ON manufacturers
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER part_categories_changes AFTER INSERT OR UPDATE OR DELETE ON part_categories
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER part_specs_changes AFTER INSERT OR UPDATE OR DELETE ON part_specs
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER specifications_changes AFTER INSERT OR UPDATE OR DELETE ON specifications
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER packages_changes AFTER INSERT OR UPDATE OR DELETE ON packages
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER part_stock_changes AFTER INSERT OR UPDATE OR DELETE ON part_stock
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER part_price_breaks_changes AFTER INSERT OR UPDATE OR DELETE ON part_price_breaks
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
