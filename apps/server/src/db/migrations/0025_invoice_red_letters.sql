CREATE TABLE "invoice_red_letters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_red_letters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'needed' NOT NULL,
	"red_invoice_no" text,
	"red_issued_on" date,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "invoice_red_letters_itemId_unique" UNIQUE("item_id"),
	CONSTRAINT "invoice_red_letters_amount" CHECK ("invoice_red_letters"."amount_fen" > 0),
	CONSTRAINT "invoice_red_letters_done" CHECK ("invoice_red_letters"."status" = 'needed' or ("invoice_red_letters"."red_invoice_no" is not null and "invoice_red_letters"."red_issued_on" is not null and "invoice_red_letters"."done_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoice_application_items" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_application_items" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "invoice_red_letters" ADD CONSTRAINT "invoice_red_letters_application_id_invoice_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."invoice_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_red_letters" ADD CONSTRAINT "invoice_red_letters_item_id_invoice_application_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."invoice_application_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_red_letters" ADD CONSTRAINT "invoice_red_letters_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_red_letters_application_idx" ON "invoice_red_letters" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "invoice_red_letters_needed_idx" ON "invoice_red_letters" USING btree ("created_at") WHERE "invoice_red_letters"."status" = 'needed';