CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plugin_reports" ALTER COLUMN "plugin_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD COLUMN "kind" text DEFAULT 'plugin' NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD COLUMN "car_id" integer;--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD COLUMN "comment_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "endpoint_id" integer;--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD CONSTRAINT "plugin_reports_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD CONSTRAINT "plugin_reports_comment_id_plugin_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."plugin_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_car_idx" ON "plugin_reports" USING btree ("car_id","member_id") WHERE "plugin_reports"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_comment_idx" ON "plugin_reports" USING btree ("comment_id","member_id") WHERE "plugin_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_status_car_idx" ON "plugin_reports" USING btree ("status","car_id");--> statement-breakpoint
CREATE INDEX "reports_status_comment_idx" ON "plugin_reports" USING btree ("status","comment_id");--> statement-breakpoint
ALTER TABLE "plugin_reports" ADD CONSTRAINT "plugin_reports_kind_target" CHECK (("plugin_reports"."kind" = 'plugin' and "plugin_reports"."plugin_id" is not null and "plugin_reports"."car_id" is null and "plugin_reports"."comment_id" is null)
        or ("plugin_reports"."kind" = 'car' and "plugin_reports"."car_id" is not null and "plugin_reports"."plugin_id" is null and "plugin_reports"."comment_id" is null)
        or ("plugin_reports"."kind" = 'comment' and "plugin_reports"."comment_id" is not null and "plugin_reports"."plugin_id" is null and "plugin_reports"."car_id" is null));