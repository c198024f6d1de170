CREATE TABLE "contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'to_sign' NOT NULL,
	"file_stored_name" text,
	"file_type" text,
	"signed_stored_name" text,
	"signed_type" text,
	"signed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "member_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text DEFAULT 'order' NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_messages_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"stored_name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_files_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"type_id" smallint NOT NULL,
	"group_id" integer NOT NULL,
	"unit" text NOT NULL,
	"count" integer NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"samples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text DEFAULT 'test' NOT NULL,
	"progress" text DEFAULT 'submitted' NOT NULL,
	"payment" text DEFAULT 'unpaid' NOT NULL,
	"pay_later" boolean DEFAULT false NOT NULL,
	"organization" smallint,
	"title" text NOT NULL,
	"line_count" integer NOT NULL,
	"sample_count" integer NOT NULL,
	"total_fen" bigint NOT NULL,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"paid_from_kind" text,
	"paid_from_id" integer,
	"coupon_id" integer,
	"coupon_rid" text,
	"delivery" text DEFAULT 'self' NOT NULL,
	"sampling_id" integer,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"invoice_type" smallint DEFAULT 0 NOT NULL,
	"invoice_title_id" integer,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"dispute_resolved" boolean DEFAULT false NOT NULL,
	"evaluation_score" smallint,
	"evaluation_content" text,
	"evaluated_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "orders_orderNo_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_fen" >= 0 AND "orders"."discount_fen" >= 0 AND "orders"."discount_fen" <= "orders"."total_fen" AND "orders"."paid_fen" >= 0),
	CONSTRAINT "orders_evaluation_score" CHECK ("orders"."evaluation_score" IS NULL OR "orders"."evaluation_score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "plan_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"count" integer NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"choice_key" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reservation_date" date,
	"reservation_hours" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_lines_rid_unique" UNIQUE("rid"),
	CONSTRAINT "plan_lines_count_positive" CHECK ("plan_lines"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"samples" text NOT NULL,
	"budget" text DEFAULT '' NOT NULL,
	"deadline" date,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quote_lines" jsonb,
	"quote_total_fen" bigint,
	"quote_note" text,
	"quoted_at" timestamp with time zone,
	"quoted_by" integer,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirements_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "reservation_slots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"order_id" integer,
	"day" date NOT NULL,
	"hours" jsonb NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "reservations_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_messages" ADD CONSTRAINT "member_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_id_service_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sampling_id_samplings_id_fk" FOREIGN KEY ("sampling_id") REFERENCES "public"."samplings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_lines" ADD CONSTRAINT "plan_lines_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_lines" ADD CONSTRAINT "plan_lines_item_id_service_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_quoted_by_staff_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_slots" ADD CONSTRAINT "reservation_slots_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_item_id_service_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_member_idx" ON "contracts" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_order_idx" ON "contracts" USING btree ("order_id") WHERE kind = 'agreement';--> statement-breakpoint
CREATE INDEX "member_messages_member_idx" ON "member_messages" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_messages_unread_idx" ON "member_messages" USING btree ("member_id") WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_files_order_idx" ON "order_files" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "order_lines_item_idx" ON "order_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_member_progress_idx" ON "orders" USING btree ("member_id","progress","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_member_payment_idx" ON "orders" USING btree ("member_id","payment","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_progress_idx" ON "orders" USING btree ("progress","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plan_lines_member_idx" ON "plan_lines" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_lines_merge_idx" ON "plan_lines" USING btree ("member_id","item_id","choice_key") WHERE reservation_date IS NULL;--> statement-breakpoint
CREATE INDEX "requirements_member_idx" ON "requirements" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requirements_status_idx" ON "requirements" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_slots_taken_idx" ON "reservation_slots" USING btree ("item_id","day","hour") WHERE active;--> statement-breakpoint
CREATE INDEX "reservation_slots_reservation_idx" ON "reservation_slots" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reservations_member_idx" ON "reservations" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservations_item_day_idx" ON "reservations" USING btree ("item_id","day");