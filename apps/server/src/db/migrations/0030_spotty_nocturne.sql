CREATE TABLE "order_samples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"state_at" timestamp with time zone,
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
ALTER TABLE "order_samples" ADD CONSTRAINT "order_samples_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_samples" ADD CONSTRAINT "order_samples_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_events" ADD CONSTRAINT "sample_events_sample_id_order_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."order_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_events" ADD CONSTRAINT "sample_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_samples_order_idx" ON "order_samples" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_samples_line_state_idx" ON "order_samples" USING btree ("line_id","state");--> statement-breakpoint
CREATE INDEX "sample_events_order_idx" ON "sample_events" USING btree ("order_id","id");