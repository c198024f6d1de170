CREATE TABLE "notice_channel_choices" (
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channels" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_channel_choices_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
CREATE TABLE "wechat_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"staff_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "vendor_template" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_phone" text;--> statement-breakpoint
ALTER TABLE "notice_channel_choices" ADD CONSTRAINT "notice_channel_choices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_templates" ADD CONSTRAINT "wechat_templates_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;