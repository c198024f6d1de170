DROP INDEX "staff_login_challenges_staff_idx";--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_setup_code_hash" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_setup_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "password_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD COLUMN "via" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_login_challenges" ADD COLUMN "setup_code_hash" text;--> statement-breakpoint
CREATE INDEX "staff_login_challenges_staff_idx" ON "staff_login_challenges" USING btree ("staff_id","created_at");