CREATE TABLE "booking_lifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_lifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"lifted_at" timestamp with time zone NOT NULL,
	"staff_id" integer NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_waits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservation_waits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_until" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "reservation_waits_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "booking_cancel_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "wait_offer_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "no_show_limit" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "no_show_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_lifts" ADD CONSTRAINT "booking_lifts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_lifts" ADD CONSTRAINT "booking_lifts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_waits" ADD CONSTRAINT "reservation_waits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_lifts_member_idx" ON "booking_lifts" USING btree ("member_id","lifted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservation_waits_slot_idx" ON "reservation_waits" USING btree ("item_id","day","hour") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "reservation_waits_member_idx" ON "reservation_waits" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_waits_once_idx" ON "reservation_waits" USING btree ("member_id","item_id","day","hour") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "reservations_no_show_idx" ON "reservations" USING btree ("member_id","no_show_at") WHERE no_show_at IS NOT NULL;