CREATE TABLE "consultation_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consultation_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"consultation_id" integer NOT NULL,
	"author" text NOT NULL,
	"staff_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "rid" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD CONSTRAINT "consultation_messages_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_messages_thread_idx" ON "consultation_messages" USING btree ("consultation_id","created_at","id");--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultations_member_idx" ON "consultations" USING btree ("member_id","last_message_at" DESC NULLS LAST) WHERE member_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "consultations_status_idx" ON "consultations" USING btree ("status","last_message_at");--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_rid_unique" UNIQUE("rid");--> statement-breakpoint
-- ==== HAND-WRITTEN BACKFILL (decisions/0062, issue 31): re-apply after regenerating this migration ====
-- Every consultation gets its member address (rid); one asked with a member's phone becomes that
-- member's thread (the rule the single reply already followed: it went to that member's in-site
-- messages); the one reply each had becomes the thread's first staff message, and the state
-- follows it (replied, or still pending).
UPDATE "consultations" SET "rid" = replace(gen_random_uuid()::text, '-', '') WHERE "rid" IS NULL;--> statement-breakpoint
UPDATE "consultations" c SET "member_id" = m."id" FROM "members" m WHERE c."member_id" IS NULL AND c."phone" <> '' AND m."phone" = c."phone";--> statement-breakpoint
INSERT INTO "consultation_messages" ("consultation_id", "author", "staff_id", "content", "created_at")
  SELECT "id", 'staff', "handled_by", "reply", coalesce("replied_at", "handled_at", "created_at") FROM "consultations" WHERE "reply" IS NOT NULL ORDER BY "id";--> statement-breakpoint
UPDATE "consultations" SET
  "status" = CASE WHEN "reply" IS NOT NULL THEN 'replied' ELSE 'pending' END,
  "last_message_at" = CASE WHEN "reply" IS NOT NULL THEN coalesce("replied_at", "handled_at", "created_at") ELSE "created_at" END;
-- ==== END OF HAND-WRITTEN BACKFILL ====
--> statement-breakpoint
ALTER TABLE "consultations" ALTER COLUMN "rid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "consultations" DROP COLUMN "handled_by";--> statement-breakpoint
ALTER TABLE "consultations" DROP COLUMN "reply";--> statement-breakpoint
ALTER TABLE "consultations" DROP COLUMN "replied_at";