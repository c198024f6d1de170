CREATE TABLE "order_promise_misses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_promise_misses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "reminder_hour" integer DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "coupon_reminder_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "raw_data_retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "retention_reminder_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "promise_alert_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_promise_misses" ADD CONSTRAINT "order_promise_misses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_promise_misses_promise_idx" ON "order_promise_misses" USING btree ("order_id","kind","due_at");--> statement-breakpoint
CREATE INDEX "order_promise_misses_due_idx" ON "order_promise_misses" USING btree ("due_at");