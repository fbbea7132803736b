-- A company's package corrections change where its products' placements are shown: the product
-- pages kept in memory forget the company's pages when one changes (the channel of 0013).
CREATE TRIGGER package_corrections_changes AFTER INSERT OR UPDATE OR DELETE ON package_corrections
  FOR EACH ROW EXECUTE FUNCTION circuits_notify_change('company_id');
