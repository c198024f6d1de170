ALTER TABLE "credit_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "prestore_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rebate_withdrawals" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The row version a staff decision pins (docs/security.md "Staff decisions book what was seen"):
-- every change of an application's row, by any code path, moves it on, so a decision made on
-- what the staff member saw is refused once anything in the row changed after they saw it.
CREATE FUNCTION bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER prestore_applications_version BEFORE UPDATE ON prestore_applications FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER transfer_applications_version BEFORE UPDATE ON transfer_applications FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER invoice_applications_version BEFORE UPDATE ON invoice_applications FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER credit_applications_version BEFORE UPDATE ON credit_applications FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER rebate_withdrawals_version BEFORE UPDATE ON rebate_withdrawals FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
CREATE TRIGGER points_applications_version BEFORE UPDATE ON points_applications FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_row_version();
