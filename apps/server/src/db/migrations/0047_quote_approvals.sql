CREATE INDEX "approval_requests_dedupe_idx" ON "approval_requests" USING btree ("dedupe_key","created_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The 报价盖章 limits (kind quote, fen): a sealed 报价单 a sales person gives a member's requirement
-- commits the lab to its prices for 30 days; above these a second person approves it before it is
-- sealed and sent. Sales: ¥20,000 a quote, ¥100,000 a day, ¥500,000 a month, ¥50,000 a month for one
-- customer. Admin: no limit. Why these: docs/decisions/0065-quote-seal-approval-and-paper-thanks.md.
INSERT INTO "approval_limits" ("role", "kind", "limit_fen", "day_limit_fen", "month_limit_fen", "target_limit_fen") VALUES
  ('sales', 'quote', 2000000, 10000000, 50000000, 5000000),
  ('admin', 'quote', NULL, NULL, NULL, NULL)
ON CONFLICT DO NOTHING;
