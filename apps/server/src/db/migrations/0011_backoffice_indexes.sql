CREATE INDEX "members_last_login_idx" ON "members" USING btree ("last_login_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "members_name_search_idx" ON "members" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_nickname_search_idx" ON "members" USING gin ("nickname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_company_search_idx" ON "members" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_items_admin_listing_idx" ON "service_items" USING btree ("sort","order_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "service_items_price_idx" ON "service_items" USING btree ("price_fen","id");--> statement-breakpoint
CREATE INDEX "service_items_updated_idx" ON "service_items" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prestore_applications_created_idx" ON "prestore_applications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_fen" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at" DESC NULLS LAST,"id" DESC NULLS LAST);