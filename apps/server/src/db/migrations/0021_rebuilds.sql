CREATE TABLE "rebuild_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"plugin_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"log_key" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rebuild_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_version_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rebuild_items" ADD CONSTRAINT "rebuild_items_run_id_rebuild_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."rebuild_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebuild_items" ADD CONSTRAINT "rebuild_items_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebuild_items" ADD CONSTRAINT "rebuild_items_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebuild_runs" ADD CONSTRAINT "rebuild_runs_game_version_id_game_versions_id_fk" FOREIGN KEY ("game_version_id") REFERENCES "public"."game_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rebuild_items_run_idx" ON "rebuild_items" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "rebuild_items_status_idx" ON "rebuild_items" USING btree ("status");