CREATE TABLE "wx_bindings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wx_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"openid" text NOT NULL,
	"subscribed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wx_bindings_memberId_unique" UNIQUE("member_id"),
	CONSTRAINT "wx_bindings_openid_unique" UNIQUE("openid")
);
--> statement-breakpoint
CREATE TABLE "wechat_mp_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_mp_tokens" (
	"app_id" text PRIMARY KEY NOT NULL,
	"access_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "wx_tickets" ADD COLUMN "scene" text;--> statement-breakpoint
ALTER TABLE "wx_tickets" ADD COLUMN "openid" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "vendor_template" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_phone" text;--> statement-breakpoint
ALTER TABLE "wx_bindings" ADD CONSTRAINT "wx_bindings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_channel_choices" ADD CONSTRAINT "notice_channel_choices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_templates" ADD CONSTRAINT "wechat_templates_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wechat_mp_nonces_seen_idx" ON "wechat_mp_nonces" USING btree ("seen_at");--> statement-breakpoint
ALTER TABLE "wx_tickets" ADD CONSTRAINT "wx_tickets_scene_unique" UNIQUE("scene");