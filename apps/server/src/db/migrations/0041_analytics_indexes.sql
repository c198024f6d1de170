DROP INDEX "order_lines_order_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_order_money_idx" ON "ledger_entries" USING btree ("created_at","type","reference","amount_fen") WHERE type IN ('payment', 'refund');--> statement-breakpoint
CREATE INDEX "orders_received_idx" ON "orders" USING btree ("received_at","id","kind","progress","organization","manager_called_at") WHERE received_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at","received_at","id","kind","progress","organization","data_notified_at") WHERE delivered_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_member_first_idx" ON "orders" USING btree ("member_id","created_at","organization") WHERE progress <> 'cancelled';--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","sort","item_id","group_id","count");