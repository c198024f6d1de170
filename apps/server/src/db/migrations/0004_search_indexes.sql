DROP INDEX "service_items_search_idx";--> statement-breakpoint
DROP INDEX "service_items_tokens_idx";--> statement-breakpoint
CREATE INDEX "service_items_published_idx" ON "service_items" USING btree ("type_id","group_id","child_id") WHERE "service_items"."published";--> statement-breakpoint
CREATE INDEX "service_items_listing_idx" ON "service_items" USING btree ("sort","order_count" DESC NULLS FIRST,"id") WHERE "service_items"."published";--> statement-breakpoint
CREATE INDEX "service_items_search_idx" ON "service_items" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "service_items_tokens_idx" ON "service_items" USING gin ("search_tokens") WITH (fastupdate=false);