CREATE TABLE "submission_requires" (
	"submission_id" integer NOT NULL,
	"required_id" integer NOT NULL,
	CONSTRAINT "submission_requires_submission_id_required_id_pk" PRIMARY KEY("submission_id","required_id")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "support_url" text;--> statement-breakpoint
ALTER TABLE "submission_requires" ADD CONSTRAINT "submission_requires_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_requires" ADD CONSTRAINT "submission_requires_required_id_plugins_id_fk" FOREIGN KEY ("required_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_requires_required_idx" ON "submission_requires" USING btree ("required_id");--> statement-breakpoint
CREATE INDEX "plugin_daily_counts_day_idx" ON "plugin_daily_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "car_daily_counts_day_idx" ON "car_daily_counts" USING btree ("day");