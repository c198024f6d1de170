CREATE TABLE "search_misses" (
	"query" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_synonyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terms" text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_items" ADD COLUMN "title_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_items" ADD COLUMN "tag_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_items" ADD COLUMN "search_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "service_items" ADD COLUMN "words_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_misses_count_idx" ON "search_misses" USING btree ("count" DESC NULLS LAST,"last_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_misses_last_idx" ON "search_misses" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "search_synonyms_terms_idx" ON "search_synonyms" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "service_items_words_idx" ON "service_items" USING gin ("search_words") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "service_items_words_version_idx" ON "service_items" USING btree ("words_version");