-- What the parts search reads on every call besides the parts (specs, their units and options,
-- the categories' spec lists, package names) is kept in memory while it does not change: the
-- tables 0022 does not already announce say so on the channel of 0013, once per statement.
CREATE TRIGGER spec_units_changes AFTER INSERT OR UPDATE OR DELETE ON spec_units
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER spec_options_changes AFTER INSERT OR UPDATE OR DELETE ON spec_options
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER category_specs_changes AFTER INSERT OR UPDATE OR DELETE ON category_specs
  FOR EACH STATEMENT EXECUTE FUNCTION circuits_notify_table_change();
