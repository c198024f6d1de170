CREATE TABLE "order_samples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"state_at" timestamp with time zone,
	"queue_pos" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_samples_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sample_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sample_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_events_moves" CHECK ("sample_events"."from_state" IS DISTINCT FROM "sample_events"."to_state")
);
--> statement-breakpoint
CREATE TABLE "instrument_closed_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instrument_closed_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instrument_closed_days_day_key" UNIQUE NULLS NOT DISTINCT("item_id","day")
);
--> statement-breakpoint
CREATE TABLE "instrument_queues" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"capacity_per_day" integer DEFAULT 8 NOT NULL,
	"default_min_days" integer DEFAULT 3 NOT NULL,
	"default_max_days" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "instrument_queues_capacity" CHECK ("instrument_queues"."capacity_per_day" BETWEEN 1 AND 500),
	CONSTRAINT "instrument_queues_default_days" CHECK ("instrument_queues"."default_min_days" BETWEEN 1 AND 60 AND "instrument_queues"."default_max_days" BETWEEN "instrument_queues"."default_min_days" AND 60)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auto_confirm_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "auto_confirm_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_samples" ADD CONSTRAINT "order_samples_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_samples" ADD CONSTRAINT "order_samples_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_samples" ADD CONSTRAINT "order_samples_item_id_service_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_events" ADD CONSTRAINT "sample_events_sample_id_order_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."order_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_events" ADD CONSTRAINT "sample_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_closed_days" ADD CONSTRAINT "instrument_closed_days_item_id_service_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_closed_days" ADD CONSTRAINT "instrument_closed_days_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_queues" ADD CONSTRAINT "instrument_queues_item_id_service_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instrument_queues" ADD CONSTRAINT "instrument_queues_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_samples_order_idx" ON "order_samples" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_samples_line_state_idx" ON "order_samples" USING btree ("line_id","state");--> statement-breakpoint
CREATE INDEX "order_samples_queue_idx" ON "order_samples" USING btree ("item_id","queue_pos","id") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "sample_events_order_idx" ON "sample_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "sample_events_state_idx" ON "sample_events" USING btree ("to_state","created_at");--> statement-breakpoint
CREATE INDEX "sample_events_sample_idx" ON "sample_events" USING btree ("sample_id","to_state","created_at");--> statement-breakpoint
CREATE INDEX "instrument_closed_days_day_idx" ON "instrument_closed_days" USING btree ("day");