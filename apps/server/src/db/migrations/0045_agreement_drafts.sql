CREATE TABLE "agreement_drafts" (
	"kind" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"saved_by" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_drafts" ADD CONSTRAINT "agreement_drafts_saved_by_staff_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;