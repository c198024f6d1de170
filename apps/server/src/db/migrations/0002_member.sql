CREATE TABLE "communities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_member_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dissolved_at" timestamp with time zone,
	CONSTRAINT "communities_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"community_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"area" text NOT NULL,
	"address_code" text NOT NULL,
	"address" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_addresses_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"teacher" text,
	"teacher_phone" text,
	"teacher_mail" text,
	"province" text,
	"city" text,
	"area" text,
	"address_code" text,
	"address" text,
	"attested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_recycles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sample_recycles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"order_no" text,
	"samples" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"area" text NOT NULL,
	"address_code" text NOT NULL,
	"address" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tracking_no" text,
	"staff_id" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_recycles_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "samplings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "samplings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"pickup_date" date NOT NULL,
	"time_slot" text NOT NULL,
	"address_id" integer,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"area" text NOT NULL,
	"address_code" text NOT NULL,
	"address" text NOT NULL,
	"send_address" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"staff_id" integer,
	"collected_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "samplings_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_owner_member_id_members_id_fk" FOREIGN KEY ("owner_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_decided_by_members_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_recycles" ADD CONSTRAINT "sample_recycles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_recycles" ADD CONSTRAINT "sample_recycles_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samplings" ADD CONSTRAINT "samplings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samplings" ADD CONSTRAINT "samplings_address_id_member_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."member_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samplings" ADD CONSTRAINT "samplings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communities_owner_idx" ON "communities" USING btree ("owner_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communities_owner_name_idx" ON "communities" USING btree ("owner_member_id","name") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "community_members_pair_idx" ON "community_members" USING btree ("community_id","member_id");--> statement-breakpoint
CREATE INDEX "community_members_member_idx" ON "community_members" USING btree ("member_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "community_members_one_owner_idx" ON "community_members" USING btree ("community_id") WHERE role = 'owner' and status = 'approved';--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_addresses_one_default_idx" ON "member_addresses" USING btree ("member_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "sample_recycles_member_idx" ON "sample_recycles" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "samplings_member_idx" ON "samplings" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "samplings_date_idx" ON "samplings" USING btree ("pickup_date","time_slot");--> statement-breakpoint
CREATE UNIQUE INDEX "samplings_member_slot_idx" ON "samplings" USING btree ("member_id","pickup_date","time_slot") WHERE status = 'pending';--> statement-breakpoint
COMMENT ON TABLE "communities" IS 'Research communities (科研团体). Prepaid funds accounts (the funds issue owns the ledger) reference communities.id; orders a community pays for reference community_id. Never deleted, only dissolved (status), so those references stay valid.';--> statement-breakpoint
COMMENT ON TABLE "community_members" IS 'Membership per community and member: role owner|member, status pending|approved|refused|removed. A community payment for a member''s order requires an approved row.';
