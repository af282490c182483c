CREATE TABLE "compatibility_reports" (
	"plugin_id" integer NOT NULL,
	"game_version_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"works" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compatibility_reports_plugin_id_game_version_id_member_id_pk" PRIMARY KEY("plugin_id","game_version_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_compatibility" (
	"plugin_id" integer NOT NULL,
	"game_version_id" integer NOT NULL,
	"works_count" integer DEFAULT 0 NOT NULL,
	"broken_count" integer DEFAULT 0 NOT NULL,
	"rebuild_status" text,
	"rebuild_log_url" text,
	"rebuild_finished_at" timestamp with time zone,
	CONSTRAINT "plugin_compatibility_plugin_id_game_version_id_pk" PRIMARY KEY("plugin_id","game_version_id")
);
--> statement-breakpoint
CREATE TABLE "submission_game_versions" (
	"submission_id" integer NOT NULL,
	"game_version_id" integer NOT NULL,
	CONSTRAINT "submission_game_versions_submission_id_game_version_id_pk" PRIMARY KEY("submission_id","game_version_id")
);
--> statement-breakpoint
ALTER TABLE "compatibility_reports" ADD CONSTRAINT "compatibility_reports_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibility_reports" ADD CONSTRAINT "compatibility_reports_game_version_id_game_versions_id_fk" FOREIGN KEY ("game_version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibility_reports" ADD CONSTRAINT "compatibility_reports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_compatibility" ADD CONSTRAINT "plugin_compatibility_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_compatibility" ADD CONSTRAINT "plugin_compatibility_game_version_id_game_versions_id_fk" FOREIGN KEY ("game_version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_game_versions" ADD CONSTRAINT "submission_game_versions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_game_versions" ADD CONSTRAINT "submission_game_versions_game_version_id_game_versions_id_fk" FOREIGN KEY ("game_version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compatibility_reports_member" ON "compatibility_reports" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "plugin_compatibility_game_version" ON "plugin_compatibility" USING btree ("game_version_id");--> statement-breakpoint
CREATE INDEX "submission_game_versions_game_version" ON "submission_game_versions" USING btree ("game_version_id");