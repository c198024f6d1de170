ALTER TABLE "contracts" ADD COLUMN "sign_method" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_document_no" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_content_sha256" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_ip" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_device" text;