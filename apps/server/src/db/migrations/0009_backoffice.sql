CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"staff_role" text NOT NULL,
	"action" text NOT NULL,
	"action_label" text NOT NULL,
	"entity" text NOT NULL,
	"target_key" text,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "adviser_staff_id" integer;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "thanks_entries" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "review_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "review_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manager_called_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manager_called_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manager_call_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "data_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("entity","target_key","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_adviser_staff_id_staff_id_fk" FOREIGN KEY ("adviser_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_manager_called_by_staff_id_fk" FOREIGN KEY ("manager_called_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "communities_review_idx" ON "communities" USING btree ("review_status","created_at");--> statement-breakpoint
CREATE INDEX "member_profiles_review_idx" ON "member_profiles" USING btree ("review_status","attested_at");--> statement-breakpoint
CREATE INDEX "sample_recycles_status_idx" ON "sample_recycles" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_payment_idx" ON "orders" USING btree ("payment","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_order_no_prefix_idx" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_title_search_idx" ON "orders" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- Communities that existed before the lab reviewed them stay findable; attestations already submitted wait for review.
UPDATE "communities" SET "review_status" = 'approved';--> statement-breakpoint
UPDATE "member_profiles" SET "review_status" = 'pending' WHERE "attested_at" IS NOT NULL;--> statement-breakpoint
-- Orders delivered before this column existed had their notice sent at delivery.
UPDATE "orders" SET "data_notified_at" = "delivered_at" WHERE "delivered_at" IS NOT NULL;--> statement-breakpoint
-- The audit trail is append-only: what staff did cannot be edited away.
CREATE OR REPLACE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();
