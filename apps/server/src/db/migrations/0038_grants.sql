CREATE TABLE "grant_allowances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grant_allowances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"auto_limit_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grant_allowances_amounts" CHECK ("grant_allowances"."amount_fen" >= 0 AND "grant_allowances"."auto_limit_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "grant_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grant_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"community_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"end_date" text NOT NULL,
	"cap_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grant_cards_rid_unique" UNIQUE("rid"),
	CONSTRAINT "grant_cards_cap" CHECK ("grant_cards"."cap_fen" IS NULL OR "grant_cards"."cap_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "grant_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grant_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"card_id" integer NOT NULL,
	"allowance_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"order_title" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"why" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "grant_requests_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "grant_usage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grant_usage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"allowance_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "project_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "grant_allowances" ADD CONSTRAINT "grant_allowances_card_id_grant_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."grant_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_allowances" ADD CONSTRAINT "grant_allowances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_cards" ADD CONSTRAINT "grant_cards_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_requests" ADD CONSTRAINT "grant_requests_card_id_grant_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."grant_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_requests" ADD CONSTRAINT "grant_requests_allowance_id_grant_allowances_id_fk" FOREIGN KEY ("allowance_id") REFERENCES "public"."grant_allowances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_requests" ADD CONSTRAINT "grant_requests_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_requests" ADD CONSTRAINT "grant_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_requests" ADD CONSTRAINT "grant_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_usage" ADD CONSTRAINT "grant_usage_card_id_grant_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."grant_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_usage" ADD CONSTRAINT "grant_usage_allowance_id_grant_allowances_id_fk" FOREIGN KEY ("allowance_id") REFERENCES "public"."grant_allowances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_usage" ADD CONSTRAINT "grant_usage_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_usage" ADD CONSTRAINT "grant_usage_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grant_allowances_pair_idx" ON "grant_allowances" USING btree ("card_id","member_id");--> statement-breakpoint
CREATE INDEX "grant_allowances_member_idx" ON "grant_allowances" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "grant_cards_community_idx" ON "grant_cards" USING btree ("community_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "grant_requests_pending_order_idx" ON "grant_requests" USING btree ("order_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "grant_requests_community_idx" ON "grant_requests" USING btree ("community_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "grant_requests_member_idx" ON "grant_requests" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "grant_requests_expiry_idx" ON "grant_requests" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "grant_usage_order_idx" ON "grant_usage" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "grant_usage_allowance_idx" ON "grant_usage" USING btree ("allowance_id","month");--> statement-breakpoint
CREATE INDEX "grant_usage_card_idx" ON "grant_usage" USING btree ("card_id","id");