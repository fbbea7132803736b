-- The project list is kept in memory while it does not change (as the product page is): its
-- assemblies now announce their changes too, by project, on the channel of 0013.
CREATE TRIGGER assemblies_changes AFTER INSERT OR UPDATE OR DELETE ON assemblies
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('project_id');
