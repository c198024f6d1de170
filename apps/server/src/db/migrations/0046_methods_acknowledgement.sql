CREATE TABLE "item_methods" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"zh" jsonb NOT NULL,
	"en" jsonb NOT NULL,
	"facility_no" text DEFAULT '' NOT NULL,
	"phrases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_conditions" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"lines" jsonb NOT NULL,
	"confirmed_by" integer NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"credit_staff_id" integer,
	"credit_name_en" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "citation_code" text;--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "item_methods" ADD CONSTRAINT "item_methods_item_id_service_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."service_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_methods" ADD CONSTRAINT "item_methods_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_conditions" ADD CONSTRAINT "order_conditions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_conditions" ADD CONSTRAINT "order_conditions_confirmed_by_staff_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_conditions" ADD CONSTRAINT "order_conditions_credit_staff_id_staff_id_fk" FOREIGN KEY ("credit_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_applications" ADD CONSTRAINT "points_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;