CREATE TABLE "approval_limits" (
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"limit_fen" bigint,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "approval_limits_role_kind_pk" PRIMARY KEY("role","kind")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"value_fen" bigint,
	"maker_limit_fen" bigint,
	"summary" text NOT NULL,
	"target" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"dedupe_key" text,
	"maker_id" integer NOT NULL,
	"maker_role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checker_id" integer,
	"checker_role" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"result_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "approval_limits" ADD CONSTRAINT "approval_limits_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_id_staff_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_id_staff_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "approval_requests_maker_idx" ON "approval_requests" USING btree ("maker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_pending_dedupe_idx" ON "approval_requests" USING btree ("dedupe_key") WHERE "approval_requests"."status" = 'pending' and "approval_requests"."dedupe_key" is not null;--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The last line of the maker-checker rule: an approved request names a checker who is not its maker.
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_not_maker" CHECK ("status" <> 'approved' OR ("checker_id" IS NOT NULL AND "checker_id" <> "maker_id"));
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_value_not_negative" CHECK ("value_fen" IS NULL OR "value_fen" >= 0);
--> statement-breakpoint
ALTER TABLE "approval_limits" ADD CONSTRAINT "approval_limits_not_negative" CHECK ("limit_fen" IS NULL OR "limit_fen" >= 0);
--> statement-breakpoint
-- Default limits, fen (NULL: no limit). Why these: docs/decisions/0009-maker-checker-limits.md.
-- sales: coupons ¥500, refunds ¥2,000; lab: refunds ¥0 (every refund a lab cancellation causes is
-- approved by sales, finance or admin); finance: coupons ¥2,000, refunds ¥50,000 (as checker),
-- adjustments ¥1,000; admin: no limit.
INSERT INTO "approval_limits" ("role", "kind", "limit_fen") VALUES
  ('sales', 'coupon', 50000),
  ('sales', 'refund', 200000),
  ('lab', 'refund', 0),
  ('finance', 'coupon', 200000),
  ('finance', 'refund', 5000000),
  ('finance', 'adjustment', 100000),
  ('admin', 'coupon', NULL),
  ('admin', 'refund', NULL),
  ('admin', 'adjustment', NULL);
