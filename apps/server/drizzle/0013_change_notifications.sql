-- Every instance keeps some rows in memory while they do not change (sessions, users, their
-- companies, product pages): these triggers tell all of them, at commit, which rows changed, on the channel
-- circuits_changes with the payload '<table>:<key>' (the key column is the trigger's argument).
CREATE OR REPLACE FUNCTION circuits_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_key := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  IF TG_OP <> 'DELETE' THEN new_key := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF old_key IS NOT NULL THEN
    PERFORM pg_notify('circuits_changes', TG_TABLE_NAME || ':' || old_key);
  END IF;
  IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
    PERFORM pg_notify('circuits_changes', TG_TABLE_NAME || ':' || new_key);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_tokens_changes AFTER UPDATE OR DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('token_hash');
--> statement-breakpoint
CREATE TRIGGER users_changes AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER companies_changes AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER shipping_accounts_changes AFTER INSERT OR UPDATE OR DELETE ON shipping_accounts
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('company_id');
--> statement-breakpoint
CREATE TRIGGER products_changes AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER projects_changes AFTER INSERT OR UPDATE OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('id');
--> statement-breakpoint
CREATE TRIGGER product_files_changes AFTER INSERT OR UPDATE OR DELETE ON product_files
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('product_id');
--> statement-breakpoint
CREATE TRIGGER board_files_changes AFTER INSERT OR UPDATE OR DELETE ON board_files
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('product_id');
--> statement-breakpoint
CREATE TRIGGER product_board_settings_changes AFTER INSERT OR UPDATE OR DELETE ON product_board_settings
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('product_id');
--> statement-breakpoint
CREATE TRIGGER board_analyses_changes AFTER INSERT OR UPDATE OR DELETE ON board_analyses
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('product_id');
--> statement-breakpoint
CREATE TRIGGER product_render_stamps_changes AFTER INSERT OR UPDATE OR DELETE ON product_render_stamps
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('product_id');
--> statement-breakpoint
CREATE TRIGGER board_renders_changes AFTER INSERT OR UPDATE OR DELETE ON board_renders
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('company_id');
--> statement-breakpoint
CREATE TRIGGER stored_files_changes AFTER INSERT OR UPDATE OR DELETE ON stored_files
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('company_id');
--> statement-breakpoint
CREATE TRIGGER content_hashes_changes AFTER INSERT OR UPDATE OR DELETE ON content_hashes
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('storage_key');
--> statement-breakpoint
CREATE TRIGGER board_settings_options_changes AFTER INSERT OR UPDATE OR DELETE ON board_settings_options
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('name');
--> statement-breakpoint
CREATE TRIGGER order_lines_changes AFTER INSERT OR UPDATE OR DELETE ON order_lines
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('product_id');
--> statement-breakpoint
CREATE TRIGGER orders_changes AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('company_id');
