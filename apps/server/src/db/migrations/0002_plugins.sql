CREATE TABLE "comment_votes" (
	"comment_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_votes_comment_id_member_id_pk" PRIMARY KEY("comment_id","member_id"),
	CONSTRAINT "comment_votes_vote_letter" CHECK ("comment_votes"."vote" in ('U', 'D'))
);
--> statement-breakpoint
CREATE TABLE "plugin_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plugin_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"body" text NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plugin_download_marks" (
	"plugin_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_download_marks_plugin_id_visitor_pk" PRIMARY KEY("plugin_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "plugin_ratings" (
	"plugin_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_ratings_plugin_id_member_id_pk" PRIMARY KEY("plugin_id","member_id"),
	CONSTRAINT "plugin_ratings_stars_range" CHECK ("plugin_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "plugin_tags" (
	"plugin_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "plugin_tags_plugin_id_tag_id_pk" PRIMARY KEY("plugin_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_view_marks" (
	"plugin_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_view_marks_plugin_id_visitor_pk" PRIMARY KEY("plugin_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "plugins" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"homepage" text,
	"source_code_url" text,
	"banner_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"published_once" boolean DEFAULT false NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"is_listed" boolean DEFAULT true NOT NULL,
	"is_publicly_visible" boolean DEFAULT true NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"skip_build_server" boolean DEFAULT false NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugins_short_description_len" CHECK (char_length("plugins"."short_description") <= 500)
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plugin_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"source_name" text NOT NULL,
	"source_size" integer NOT NULL,
	"version_string" text,
	"status" text DEFAULT 'q' NOT NULL,
	"notes" text,
	"approval_note" text,
	"deny_reason" text,
	"binary_key" text,
	"debug_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	CONSTRAINT "submissions_status_letter" CHECK ("submissions"."status" in ('q', 'b', 'p', 'a', 'r', 's'))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" text NOT NULL,
	"long_name" text NOT NULL,
	"help_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_comment_id_plugin_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."plugin_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_votes" ADD CONSTRAINT "comment_votes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_comments" ADD CONSTRAINT "plugin_comments_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_comments" ADD CONSTRAINT "plugin_comments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_download_marks" ADD CONSTRAINT "plugin_download_marks_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_ratings" ADD CONSTRAINT "plugin_ratings_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_ratings" ADD CONSTRAINT "plugin_ratings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_tags" ADD CONSTRAINT "plugin_tags_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_tags" ADD CONSTRAINT "plugin_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_view_marks" ADD CONSTRAINT "plugin_view_marks_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_votes_member_idx" ON "comment_votes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "plugin_comments_plugin_idx" ON "plugin_comments" USING btree ("plugin_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plugin_comments_member_idx" ON "plugin_comments" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "plugin_download_marks_counted_idx" ON "plugin_download_marks" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "plugin_ratings_member_idx" ON "plugin_ratings" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "plugin_tags_tag_idx" ON "plugin_tags" USING btree ("tag_id","plugin_id");--> statement-breakpoint
CREATE INDEX "plugin_view_marks_counted_idx" ON "plugin_view_marks" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "plugins_member_idx" ON "plugins" USING btree ("member_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plugins_search_idx" ON "plugins" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "plugins_name_trgm_idx" ON "plugins" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plugins_listed_downloads_idx" ON "plugins" USING btree ("download_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "plugins"."is_active" and "plugins"."is_listed" and "plugins"."is_publicly_visible" and "plugins"."published_once";--> statement-breakpoint
CREATE INDEX "plugins_listed_name_idx" ON "plugins" USING btree (lower("name"),"id") WHERE "plugins"."is_active" and "plugins"."is_listed" and "plugins"."is_publicly_visible" and "plugins"."published_once";--> statement-breakpoint
CREATE INDEX "plugins_listed_created_idx" ON "plugins" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "plugins"."is_active" and "plugins"."is_listed" and "plugins"."is_publicly_visible" and "plugins"."published_once";--> statement-breakpoint
CREATE INDEX "plugins_listed_updated_idx" ON "plugins" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "plugins"."is_active" and "plugins"."is_listed" and "plugins"."is_publicly_visible" and "plugins"."published_once";--> statement-breakpoint
CREATE INDEX "submissions_plugin_idx" ON "submissions" USING btree ("plugin_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_versions_idx" ON "submissions" USING btree ("plugin_id","approved_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "submissions"."status" = 'a';--> statement-breakpoint
CREATE INDEX "submissions_status_idx" ON "submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_short_name_lower_idx" ON "tags" USING btree (lower("short_name"));