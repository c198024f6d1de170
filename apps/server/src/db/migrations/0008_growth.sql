CREATE TABLE "exchange_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"coupon_template_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"stock" integer,
	"exchanged_count" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_items_rid_unique" UNIQUE("rid"),
	CONSTRAINT "exchange_items_stock" CHECK ("exchange_items"."stock" IS NULL OR "exchange_items"."stock" >= 0),
	CONSTRAINT "exchange_items_points" CHECK ("exchange_items"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "growth_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"rebate_rate_bp" integer NOT NULL,
	"points_per_yuan" integer NOT NULL,
	"invite_coupon_template_id" integer,
	"min_withdraw_fen" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"title" text NOT NULL,
	"journal" text NOT NULL,
	"doi" text DEFAULT '' NOT NULL,
	"published_on" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"points" integer,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_applications_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "points_exchanges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"points" integer NOT NULL,
	"status" text NOT NULL,
	"address_id" integer,
	"ship_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_exchanges_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "promoter_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promoter_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"organization" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoter_applications_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "rebate_withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rebate_withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"method" text NOT NULL,
	"account_name" text,
	"bank_name" text,
	"bank_account" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_withdrawals_rid_unique" UNIQUE("rid"),
	CONSTRAINT "rebate_withdrawals_amount" CHECK ("rebate_withdrawals"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "rebates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rebates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"partner_member_id" integer NOT NULL,
	"invitee_member_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"paid_fen" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"rebate_fen" bigint NOT NULL,
	"status" text DEFAULT 'frozen' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "rebates_rid_unique" UNIQUE("rid"),
	CONSTRAINT "rebates_amounts" CHECK ("rebates"."paid_fen" >= 0 AND "rebates"."rebate_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchange_items" ADD CONSTRAINT "exchange_items_coupon_template_id_coupon_templates_id_fk" FOREIGN KEY ("coupon_template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_settings" ADD CONSTRAINT "growth_settings_invite_coupon_template_id_coupon_templates_id_fk" FOREIGN KEY ("invite_coupon_template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_applications" ADD CONSTRAINT "points_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_applications" ADD CONSTRAINT "points_applications_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_item_id_exchange_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exchange_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_address_id_member_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."member_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_applications" ADD CONSTRAINT "promoter_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_applications" ADD CONSTRAINT "promoter_applications_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_withdrawals" ADD CONSTRAINT "rebate_withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_withdrawals" ADD CONSTRAINT "rebate_withdrawals_processed_by_staff_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_partner_member_id_members_id_fk" FOREIGN KEY ("partner_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_invitee_member_id_members_id_fk" FOREIGN KEY ("invitee_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebates" ADD CONSTRAINT "rebates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_applications_member_idx" ON "points_applications" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_applications_status_idx" ON "points_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "points_exchanges_member_idx" ON "points_exchanges" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promoter_applications_member_idx" ON "promoter_applications" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_applications_live_idx" ON "promoter_applications" USING btree ("member_id") WHERE status IN ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "rebate_withdrawals_member_idx" ON "rebate_withdrawals" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rebate_withdrawals_status_idx" ON "rebate_withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rebates_order_idx" ON "rebates" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rebates_partner_idx" ON "rebates" USING btree ("partner_member_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rebates_invitee_idx" ON "rebates" USING btree ("invitee_member_id");--> statement-breakpoint
CREATE INDEX "consultations_phone_idx" ON "consultations" USING btree ("phone");