CREATE TABLE "payment_reconciliation_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_reconciliation_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payment_no" text NOT NULL,
	"refund_no" text,
	"trade_no" text DEFAULT '' NOT NULL,
	"bill_fen" bigint,
	"our_fen" bigint,
	"our_state" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolve_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "payment_reconciliation_lines_note" CHECK ("payment_reconciliation_lines"."resolved_at" is null or length("payment_reconciliation_lines"."resolve_note") > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_reconciliations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor" text NOT NULL,
	"day" text NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"bill_pay_count" integer DEFAULT 0 NOT NULL,
	"bill_pay_fen" bigint DEFAULT 0 NOT NULL,
	"bill_refund_count" integer DEFAULT 0 NOT NULL,
	"bill_refund_fen" bigint DEFAULT 0 NOT NULL,
	"our_pay_count" integer DEFAULT 0 NOT NULL,
	"our_pay_fen" bigint DEFAULT 0 NOT NULL,
	"our_refund_count" integer DEFAULT 0 NOT NULL,
	"our_refund_fen" bigint DEFAULT 0 NOT NULL,
	"mismatch_count" integer DEFAULT 0 NOT NULL,
	"run_by" text NOT NULL,
	"staff_id" integer,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "reconcile_hour" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reconciliation_lines" ADD CONSTRAINT "payment_reconciliation_lines_run_id_payment_reconciliations_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payment_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reconciliation_lines" ADD CONSTRAINT "payment_reconciliation_lines_resolved_by_staff_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reconciliations" ADD CONSTRAINT "payment_reconciliations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reconciliation_lines_run_idx" ON "payment_reconciliation_lines" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "payment_reconciliation_lines_open_idx" ON "payment_reconciliation_lines" USING btree ("run_id") WHERE "payment_reconciliation_lines"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reconciliations_day_vendor_idx" ON "payment_reconciliations" USING btree ("day","vendor");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- the reconciliation reads the refunds that succeeded on a day
CREATE INDEX IF NOT EXISTS "online_refunds_succeeded_idx" ON "online_refunds" ("succeeded_at") WHERE "state" = 'success';
