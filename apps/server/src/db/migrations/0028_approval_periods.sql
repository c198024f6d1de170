CREATE TABLE "approval_usage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_usage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"target_key" text,
	"value_fen" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_limits" ADD COLUMN "day_limit_fen" bigint;--> statement-breakpoint
ALTER TABLE "approval_limits" ADD COLUMN "month_limit_fen" bigint;--> statement-breakpoint
ALTER TABLE "approval_limits" ADD COLUMN "target_limit_fen" bigint;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "limit_scope" text DEFAULT 'action' NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "maker_used_fen" bigint;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "bonus_rule_id" integer;--> statement-breakpoint
ALTER TABLE "approval_usage" ADD CONSTRAINT "approval_usage_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_usage_staff_idx" ON "approval_usage" USING btree ("staff_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_bonus_rule_id_prestore_rules_id_fk" FOREIGN KEY ("bonus_rule_id") REFERENCES "public"."prestore_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written (keep when regenerating)
ALTER TABLE "approval_limits" ADD CONSTRAINT "approval_limits_periods_not_negative" CHECK (("day_limit_fen" IS NULL OR "day_limit_fen" >= 0) AND ("month_limit_fen" IS NULL OR "month_limit_fen" >= 0) AND ("target_limit_fen" IS NULL OR "target_limit_fen" >= 0));
--> statement-breakpoint
ALTER TABLE "approval_usage" ADD CONSTRAINT "approval_usage_value_not_negative" CHECK ("value_fen" IS NULL OR "value_fen" >= 0);
--> statement-breakpoint
-- Period and target limits (fen; points for points), and the limits of the kinds this migration
-- adds (topup = confirming a transfer top-up, amount + bonus; credit = a credit line granted;
-- points = a paper award, in points). The bonus tiers have no limit: every raise is approved by a
-- second person (APPROVAL_FIXED_KINDS). Why these:
-- docs/decisions/0010-value-one-person-cannot-create.md. Admin: no limit (NULL), as before.
-- A row an admin changed keeps its single-action limit; its periods are never below it, and a row
-- without a single-action limit stays unbounded.
UPDATE "approval_limits" AS l SET
  "day_limit_fen" = CASE WHEN l."limit_fen" IS NULL THEN NULL ELSE GREATEST(v.day, l."limit_fen") END,
  "month_limit_fen" = CASE WHEN l."limit_fen" IS NULL OR v.month IS NULL THEN NULL ELSE GREATEST(v.month, v.day, l."limit_fen") END,
  "target_limit_fen" = CASE WHEN l."limit_fen" IS NULL THEN NULL ELSE GREATEST(v.target, l."limit_fen") END
FROM (VALUES
  ('sales', 'coupon', 300000::bigint, 3000000::bigint, 100000::bigint),
  ('finance', 'coupon', 1000000, 5000000, 200000),
  ('sales', 'refund', 1000000, 10000000, 500000),
  ('finance', 'refund', 20000000, NULL, 10000000),
  ('finance', 'adjustment', 500000, 2000000, 200000)
) AS v(role, kind, day, month, target)
WHERE l."role" = v.role AND l."kind" = v.kind;
--> statement-breakpoint
INSERT INTO "approval_limits" ("role", "kind", "limit_fen", "day_limit_fen", "month_limit_fen", "target_limit_fen") VALUES
  ('finance', 'topup', 5000000, 20000000, 200000000, 10000000),
  ('finance', 'credit', 2000000, 5000000, 20000000, 2000000),
  ('sales', 'points', 1000, 5000, 50000, 2000),
  ('admin', 'topup', NULL, NULL, NULL, NULL),
  ('admin', 'credit', NULL, NULL, NULL, NULL),
  ('admin', 'points', NULL, NULL, NULL, NULL)
ON CONFLICT DO NOTHING;
