CREATE TABLE "quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"total_fen" bigint NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quotes_documentId_unique" UNIQUE("document_id")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_document_id_sealed_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sealed_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;