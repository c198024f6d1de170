CREATE TABLE "vault_deletion_certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_deletion_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"files" jsonb NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vault_deletion_certificates_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "vault_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rid" text NOT NULL,
	"order_id" integer NOT NULL,
	"sample_code" text,
	"member_id" integer NOT NULL,
	"instrument" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256_claimed" text,
	"sha256_verified" text,
	"state" text DEFAULT 'uploading' NOT NULL,
	"storage_key" text NOT NULL,
	"upload_id" text,
	"part_size" integer NOT NULL,
	"retention_end" timestamp with time zone NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "vault_files_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "vault_parts" (
	"file_id" integer NOT NULL,
	"part_number" integer NOT NULL,
	"size" integer NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "vault_parts_file_id_part_number_pk" PRIMARY KEY("file_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "vault_share_accesses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_share_accesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"file_id" integer,
	"action" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_share_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_share_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"rid" text NOT NULL,
	"member_id" integer NOT NULL,
	"file_ids" jsonb NOT NULL,
	"code_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"max_downloads" integer,
	"downloads" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_share_links_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "vault_share_links_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "vault_deletion_certificates" ADD CONSTRAINT "vault_deletion_certificates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_files" ADD CONSTRAINT "vault_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_files" ADD CONSTRAINT "vault_files_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_files" ADD CONSTRAINT "vault_files_uploaded_by_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_parts" ADD CONSTRAINT "vault_parts_file_id_vault_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."vault_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_share_accesses" ADD CONSTRAINT "vault_share_accesses_link_id_vault_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."vault_share_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_share_accesses" ADD CONSTRAINT "vault_share_accesses_file_id_vault_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."vault_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_share_links" ADD CONSTRAINT "vault_share_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_deletion_certificates_member_idx" ON "vault_deletion_certificates" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "vault_files_member_idx" ON "vault_files" USING btree ("member_id","order_id","id");--> statement-breakpoint
CREATE INDEX "vault_files_order_idx" ON "vault_files" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "vault_files_retention_idx" ON "vault_files" USING btree ("retention_end") WHERE state <> 'deleted';--> statement-breakpoint
CREATE INDEX "vault_share_accesses_link_idx" ON "vault_share_accesses" USING btree ("link_id","id");--> statement-breakpoint
CREATE INDEX "vault_share_links_member_idx" ON "vault_share_links" USING btree ("member_id","id");