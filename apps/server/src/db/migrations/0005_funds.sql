CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_balance_not_negative" CHECK ("accounts"."balance_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_fen" bigint,
	"off_rate_bp" integer,
	"threshold_fen" bigint DEFAULT 0 NOT NULL,
	"scope" jsonb DEFAULT '{"kind":"all"}'::jsonb NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"valid_days" integer,
	"total_stock" integer,
	"claimed_count" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"claimable" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_templates_rid_unique" UNIQUE("rid"),
	CONSTRAINT "coupon_value" CHECK (("coupon_templates"."amount_fen" is not null and "coupon_templates"."amount_fen" > 0) or ("coupon_templates"."off_rate_bp" is not null and "coupon_templates"."off_rate_bp" > 0 and "coupon_templates"."off_rate_bp" < 10000)),
	CONSTRAINT "coupon_stock" CHECK ("coupon_templates"."total_stock" is null or "coupon_templates"."claimed_count" <= "coupon_templates"."total_stock")
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"organization" smallint NOT NULL,
	"requested_fen" bigint NOT NULL,
	"approved_fen" bigint,
	"reason" text NOT NULL,
	"contact" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "credit_applications_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "credit_lines" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"limit_fen" bigint NOT NULL,
	"application_id" integer,
	"staff_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funds_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"bank_account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account_no" text NOT NULL,
	"min_topup_fen" bigint NOT NULL,
	"transfer_approval_fen" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_application_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_application_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_ref" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" jsonb NOT NULL,
	"amount_fen" bigint NOT NULL,
	"email" text,
	"receiver" text,
	"receiver_phone" text,
	"receiver_address" text,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_no" text,
	"issued_on" date,
	"file_name" text,
	"file_type" text,
	"reject_reason" text,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "invoice_applications_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_titles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"tax_no" text,
	"bank" text,
	"bank_account" text,
	"address" text,
	"phone" text,
	"email" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_titles_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"type" text NOT NULL,
	"reference" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount_fen" <> 0)
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"template_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"issued_by" integer,
	"used_at" timestamp with time zone,
	"used_reference" text,
	"discount_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_coupons_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "prestore_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prestore_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"apply_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"community_id" integer,
	"amount_fen" bigint NOT NULL,
	"bonus_fen" bigint DEFAULT 0 NOT NULL,
	"payer" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"receipt_file" text,
	"receipt_type" text,
	"refuse_reason" text,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "prestore_applications_rid_unique" UNIQUE("rid"),
	CONSTRAINT "prestore_applications_applyNo_unique" UNIQUE("apply_no"),
	CONSTRAINT "prestore_amount_positive" CHECK ("prestore_applications"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "prestore_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prestore_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"threshold_fen" bigint NOT NULL,
	"bonus_rate_bp" integer DEFAULT 0 NOT NULL,
	"bonus_fen" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refuse_reason" text,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "transfer_applications_rid_unique" UNIQUE("rid"),
	CONSTRAINT "transfer_amount_positive" CHECK ("transfer_applications"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lines" ADD CONSTRAINT "credit_lines_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application_items" ADD CONSTRAINT "invoice_application_items_application_id_invoice_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."invoice_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_issued_by_staff_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestore_applications" ADD CONSTRAINT "prestore_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestore_applications" ADD CONSTRAINT "prestore_applications_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestore_applications" ADD CONSTRAINT "prestore_applications_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_applications" ADD CONSTRAINT "transfer_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_applications" ADD CONSTRAINT "transfer_applications_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_applications" ADD CONSTRAINT "transfer_applications_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_owner_idx" ON "accounts" USING btree ("owner_kind","owner_id","kind");--> statement-breakpoint
CREATE INDEX "credit_applications_member_idx" ON "credit_applications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_one_pending_idx" ON "credit_applications" USING btree ("member_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_once_idx" ON "invoice_application_items" USING btree ("source_kind","source_ref") WHERE active;--> statement-breakpoint
CREATE INDEX "invoice_items_application_idx" ON "invoice_application_items" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "invoice_applications_member_idx" ON "invoice_applications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_applications_status_idx" ON "invoice_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "invoice_titles_member_idx" ON "invoice_titles" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_titles_one_default_idx" ON "invoice_titles" USING btree ("member_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("account_id","type","reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "member_coupons_member_idx" ON "member_coupons" USING btree ("member_id","status","valid_to");--> statement-breakpoint
CREATE INDEX "member_coupons_template_idx" ON "member_coupons" USING btree ("template_id","member_id");--> statement-breakpoint
CREATE INDEX "prestore_applications_member_idx" ON "prestore_applications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "prestore_applications_status_idx" ON "prestore_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "transfer_applications_member_idx" ON "transfer_applications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_applications_status_idx" ON "transfer_applications" USING btree ("status");