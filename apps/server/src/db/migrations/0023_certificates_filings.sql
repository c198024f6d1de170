CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"img" text NOT NULL,
	"number" text NOT NULL,
	"issuer" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_items" ADD COLUMN "standards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_items" ADD COLUMN "sample_prep" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_items" ADD COLUMN "report_contents" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_items" ADD COLUMN "sample_report" text;--> statement-breakpoint
CREATE INDEX "certificates_valid_to_idx" ON "certificates" USING btree ("valid_to");
--> statement-breakpoint
-- hand-written (keep when regenerating)
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_valid_span" CHECK ("valid_from" <= "valid_to");
