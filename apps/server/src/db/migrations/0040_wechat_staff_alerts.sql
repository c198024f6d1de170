CREATE TABLE "staff_wx_bindings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_wx_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"staff_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"subscribed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_wx_bindings_staffId_unique" UNIQUE("staff_id"),
	CONSTRAINT "staff_wx_bindings_openid_unique" UNIQUE("openid")
);
--> statement-breakpoint
ALTER TABLE "wx_tickets" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "staff_wx_bindings" ADD CONSTRAINT "staff_wx_bindings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;