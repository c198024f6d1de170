CREATE TABLE "bank_statement_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"statement_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"amount_fen" bigint NOT NULL,
	"payer" text DEFAULT '' NOT NULL,
	"payer_account" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"bank_ref" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"prestore_id" integer,
	"matched_by" integer,
	"matched_at" timestamp with time zone,
	CONSTRAINT "bank_statement_lines_rid_unique" UNIQUE("rid"),
	CONSTRAINT "bank_statement_lines_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"layout" text NOT NULL,
	"line_count" integer NOT NULL,
	"credit_count" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_rid_unique" UNIQUE("rid"),
	CONSTRAINT "bank_statements_fileSha256_unique" UNIQUE("file_sha256")
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_prestore_id_prestore_applications_id_fk" FOREIGN KEY ("prestore_id") REFERENCES "public"."prestore_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_matched_by_staff_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("status","booked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_prestore_idx" ON "bank_statement_lines" USING btree ("prestore_id") WHERE prestore_id IS NOT NULL;