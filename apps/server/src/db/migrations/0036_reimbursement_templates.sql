CREATE TABLE "reimbursement_templates" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rule" text NOT NULL,
	"contract_from_fen" bigint NOT NULL,
	"proof_from_fen" bigint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reimbursement_templates" ADD CONSTRAINT "reimbursement_templates_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;