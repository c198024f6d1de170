ALTER TABLE "thanks_entries" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "thanks_consent" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "affiliation" text;--> statement-breakpoint
ALTER TABLE "points_applications" ADD COLUMN "acknowledgement" text;--> statement-breakpoint
CREATE INDEX "approval_requests_dedupe_idx" ON "approval_requests" USING btree ("dedupe_key","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "thanks_entries" ADD CONSTRAINT "thanks_entries_origin_unique" UNIQUE("origin");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The 报价盖章 limits (kind quote, fen): a sealed 报价单 a sales person gives a member's requirement
-- commits the lab to its prices for 30 days; above these a second person approves it before it is
-- sealed and sent. Sales: ¥20,000 a quote, ¥100,000 a day, ¥500,000 a month, ¥50,000 a month for one
-- customer. Admin: no limit. Why these: docs/decisions/0065-quote-seal-approval-and-paper-thanks.md.
INSERT INTO "approval_limits" ("role", "kind", "limit_fen", "day_limit_fen", "month_limit_fen", "target_limit_fen") VALUES
  ('sales', 'quote', 2000000, 10000000, 50000000, 5000000),
  ('admin', 'quote', NULL, NULL, NULL, NULL)
ON CONFLICT DO NOTHING;
