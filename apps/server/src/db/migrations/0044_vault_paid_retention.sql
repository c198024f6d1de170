CREATE TABLE "vault_extensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"file_ids" jsonb NOT NULL,
	"years" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"gb" integer NOT NULL,
	"gb_year_fen" integer NOT NULL,
	"total_fen" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "vault_extensions_rid_unique" UNIQUE("rid"),
	CONSTRAINT "vault_extensions_orderId_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "job_settings" ADD COLUMN "vault_gb_year_fen" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "vault_extensions" ADD CONSTRAINT "vault_extensions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_extensions" ADD CONSTRAINT "vault_extensions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_extensions_member_idx" ON "vault_extensions" USING btree ("member_id","id");