ALTER TABLE "thanks_entries" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "thanks_consent" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "affiliation" text;--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "acknowledgement" text;--> statement-breakpoint
ALTER TABLE "thanks_entries" ADD CONSTRAINT "thanks_entries_origin_unique" UNIQUE("origin");