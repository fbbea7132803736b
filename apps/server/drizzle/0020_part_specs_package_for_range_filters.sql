-- A range filter on a spec value with a package (80-120 nF in 0402) read every value in the
-- range from part_specs_num_idx and looked up each one's part to drop the other packages: the
-- package now sits beside the value in the index, copied from the part by the triggers below.
DROP INDEX "part_specs_num_idx";--> statement-breakpoint
ALTER TABLE "part_specs" ADD COLUMN "package_id" integer;--> statement-breakpoint
UPDATE "part_specs" s SET "package_id" = p."package_id" FROM "parts" p
  WHERE p."id" = s."part_id" AND p."package_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "part_specs_num_idx" ON "part_specs" USING btree ("specification_id","value_num","package_id","part_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION circuits_part_spec_package() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.package_id := (SELECT p.package_id FROM parts p WHERE p.id = NEW.part_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER part_specs_package BEFORE INSERT OR UPDATE OF part_id, package_id ON part_specs
  FOR EACH ROW EXECUTE FUNCTION circuits_part_spec_package();--> statement-breakpoint
CREATE OR REPLACE FUNCTION circuits_part_package_to_specs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE part_specs SET package_id = NEW.package_id WHERE part_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER parts_package_to_specs AFTER UPDATE OF package_id ON parts
  FOR EACH ROW WHEN (OLD.package_id IS DISTINCT FROM NEW.package_id)
  EXECUTE FUNCTION circuits_part_package_to_specs();
