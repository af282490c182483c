ALTER TABLE "submissions" ADD COLUMN "binary_inspection" jsonb;--> statement-breakpoint
ALTER TABLE "moderation_audit" ADD COLUMN "acknowledged_flags" text[];