CREATE TABLE "invoice_red_letters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_red_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'needed' NOT NULL,
	"red_invoice_no" text,
	"red_issued_on" date,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "invoice_red_letters_itemId_unique" UNIQUE("item_id"),
	CONSTRAINT "invoice_red_letters_amount" CHECK ("invoice_red_letters"."amount_fen" > 0),
	CONSTRAINT "invoice_red_letters_done" CHECK ("invoice_red_letters"."status" = 'needed' or ("invoice_red_letters"."red_invoice_no" is not null and "invoice_red_letters"."red_issued_on" is not null and "invoice_red_letters"."done_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "partner_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"payout" jsonb NOT NULL,
	"coupon_days" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	CONSTRAINT "partner_terms_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "partner_terms_acceptances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_terms_acceptances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"terms_id" integer NOT NULL,
	"version" integer NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_application_items" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_application_items" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "growth_settings" ADD COLUMN "rebate_payout" jsonb;--> statement-breakpoint
ALTER TABLE "growth_settings" ADD COLUMN "rebate_coupon_days" integer;--> statement-breakpoint
ALTER TABLE "rebates" ADD COLUMN "payout" text;--> statement-breakpoint
ALTER TABLE "rebates" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "rebates" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_red_letters" ADD CONSTRAINT "invoice_red_letters_application_id_invoice_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."invoice_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_red_letters" ADD CONSTRAINT "invoice_red_letters_item_id_invoice_application_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."invoice_application_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_red_letters" ADD CONSTRAINT "invoice_red_letters_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_terms" ADD CONSTRAINT "partner_terms_published_by_staff_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_terms_acceptances" ADD CONSTRAINT "partner_terms_acceptances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_terms_acceptances" ADD CONSTRAINT "partner_terms_acceptances_terms_id_partner_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."partner_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_red_letters_application_idx" ON "invoice_red_letters" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "invoice_red_letters_needed_idx" ON "invoice_red_letters" USING btree ("created_at") WHERE "invoice_red_letters"."status" = 'needed';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_terms_acceptances_once_idx" ON "partner_terms_acceptances" USING btree ("member_id","terms_id");--> statement-breakpoint
CREATE INDEX "partner_terms_acceptances_member_idx" ON "partner_terms_acceptances" USING btree ("member_id","version" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_coupon_id_member_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."member_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written (keep when regenerating)
-- A published version of the 推广合伙人协议 is never changed: what a partner accepted stays
-- readable word for word (issue 28, hole 10).
CREATE OR REPLACE FUNCTION partner_terms_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'partner terms versions are immutable (% refused)', TG_OP USING ERRCODE = 'P0001';
END
$$;
--> statement-breakpoint
CREATE TRIGGER partner_terms_no_update BEFORE UPDATE OR DELETE ON partner_terms FOR EACH ROW EXECUTE FUNCTION partner_terms_immutable();
