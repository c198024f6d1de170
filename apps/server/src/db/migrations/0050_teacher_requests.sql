CREATE TABLE "teacher_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teacher_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "teacher_requests_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "teacher_requests" ADD CONSTRAINT "teacher_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_requests" ADD CONSTRAINT "teacher_requests_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_requests_one_open_idx" ON "teacher_requests" USING btree ("member_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "teacher_requests_member_idx" ON "teacher_requests" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "teacher_requests_status_idx" ON "teacher_requests" USING btree ("status","created_at");--> statement-breakpoint
-- ---- hand-written backfill (issue 31, branch t31-teacher; re-apply after regenerating) ----
-- The seeded SEM 机时's 时段 option (工作日白天 +0 / 夜间/周末 +¥100) becomes priced by the booked day:
-- its two choices get slot 'weekday' and 'weekend' (orders/values.ts slotChoices). Labels are kept.
UPDATE "service_items" SET "options" = (
  SELECT jsonb_agg(
    CASE WHEN o->>'name' = '时段' THEN jsonb_set(o, '{choices}', (
      SELECT jsonb_agg(CASE c->>'label' WHEN '工作日白天' THEN c || '{"slot":"weekday"}'::jsonb WHEN '夜间/周末' THEN c || '{"slot":"weekend"}'::jsonb ELSE c END ORDER BY cn)
      FROM jsonb_array_elements(o->'choices') WITH ORDINALITY AS x(c, cn)))
    ELSE o END ORDER BY n)
  FROM jsonb_array_elements("options") WITH ORDINALITY AS y(o, n))
WHERE "options" @> '[{"name":"时段","choices":[{"label":"工作日白天"},{"label":"夜间/周末"}]}]'::jsonb;
-- ---- end of the hand-written backfill ----
