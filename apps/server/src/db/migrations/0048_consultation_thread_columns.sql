ALTER TABLE "consultations" ALTER COLUMN "rid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" DROP COLUMN "handled_at";--> statement-breakpoint
ALTER TABLE "consultations" DROP COLUMN "handled_by";--> statement-breakpoint
ALTER TABLE "consultations" DROP COLUMN "reply";--> statement-breakpoint
ALTER TABLE "consultations" DROP COLUMN "replied_at";