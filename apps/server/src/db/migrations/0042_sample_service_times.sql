ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "order_samples" ADD COLUMN "ran_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_samples" ADD COLUMN "data_out_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_samples_service_idx" ON "order_samples" USING btree ("item_id","data_out_at","ran_at") WHERE data_out_at IS NOT NULL;--> statement-breakpoint
-- the samples moved before these columns: their last 上机 and 出数据 from their events
UPDATE "order_samples" s SET
  "ran_at" = (SELECT max(e."created_at") FROM "sample_events" e WHERE e."sample_id" = s."id" AND e."to_state" = 'running'),
  "data_out_at" = (SELECT max(e."created_at") FROM "sample_events" e WHERE e."sample_id" = s."id" AND e."to_state" = 'data_out')
WHERE EXISTS (SELECT 1 FROM "sample_events" e WHERE e."sample_id" = s."id" AND e."to_state" IN ('running', 'data_out'));
