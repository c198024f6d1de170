CREATE TABLE "local_gateway_payments" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"scene" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"description" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"trade_no" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_gateway_refunds" (
	"out_refund_no" text PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"refund_id" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"state" text DEFAULT 'success' NOT NULL,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_payment_orders" (
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_order" boolean DEFAULT false NOT NULL,
	CONSTRAINT "online_payment_orders_payment_id_order_id_pk" PRIMARY KEY("payment_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "online_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"vendor" text NOT NULL,
	"scene" text NOT NULL,
	"provider" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"funds_kind" text NOT NULL,
	"funds_id" integer NOT NULL,
	"coupon_rid" text,
	"bonus_fen" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"trade_no" text,
	"merchant_id" text NOT NULL,
	"app_id" text NOT NULL,
	"start_kind" text DEFAULT '' NOT NULL,
	"start_target" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"booked_by" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_paymentNo_unique" UNIQUE("payment_no"),
	CONSTRAINT "online_payments_amount_positive" CHECK ("online_payments"."amount_fen" > 0),
	CONSTRAINT "online_payments_balance_not_negative" CHECK ("online_payments"."balance_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "online_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "online_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_no" text NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer,
	"amount_fen" bigint NOT NULL,
	"state" text DEFAULT 'processing' NOT NULL,
	"refund_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_refunds_refundNo_unique" UNIQUE("refund_no"),
	CONSTRAINT "online_refunds_amount_positive" CHECK ("online_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "local_gateway_refunds" ADD CONSTRAINT "local_gateway_refunds_out_trade_no_local_gateway_payments_out_trade_no_fk" FOREIGN KEY ("out_trade_no") REFERENCES "public"."local_gateway_payments"("out_trade_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_orders" ADD CONSTRAINT "online_payment_orders_payment_id_online_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."online_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_orders" ADD CONSTRAINT "online_payment_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refunds" ADD CONSTRAINT "online_refunds_payment_id_online_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."online_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refunds" ADD CONSTRAINT "online_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_gateway_refunds_trade_idx" ON "local_gateway_refunds" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "online_payment_orders_order_idx" ON "online_payment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "online_payments_member_idx" ON "online_payments" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "online_payments_open_idx" ON "online_payments" USING btree ("created_at") WHERE "online_payments"."state" = 'open';--> statement-breakpoint
CREATE INDEX "online_payments_paid_idx" ON "online_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "online_refunds_payment_order_idx" ON "online_refunds" USING btree ("payment_id","order_id");--> statement-breakpoint
CREATE INDEX "online_refunds_processing_idx" ON "online_refunds" USING btree ("created_at") WHERE "online_refunds"."state" = 'processing';--> statement-breakpoint
CREATE INDEX "online_refunds_created_idx" ON "online_refunds" USING btree ("created_at");