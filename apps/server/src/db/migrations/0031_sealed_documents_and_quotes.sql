CREATE TABLE "sealed_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sealed_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"no" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer NOT NULL,
	"order_id" integer,
	"title" text NOT NULL,
	"client" text DEFAULT '' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"stored_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content_sha256" text NOT NULL,
	"demo" boolean NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text,
	"superseded_at" timestamp with time zone,
	"superseded_by" text,
	"converted_at" timestamp with time zone,
	"converted_order_id" integer,
	CONSTRAINT "sealed_documents_no_unique" UNIQUE("no")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"total_fen" bigint NOT NULL,
	"requirement_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quotes_documentId_unique" UNIQUE("document_id")
);
--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_revoked_by_staff_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_converted_order_id_orders_id_fk" FOREIGN KEY ("converted_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_document_id_sealed_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sealed_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sealed_documents_order_idx" ON "sealed_documents" USING btree ("order_id","kind","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sealed_documents_member_idx" ON "sealed_documents" USING btree ("member_id","issued_at" DESC NULLS LAST);