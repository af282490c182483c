ALTER TABLE "submissions" ADD COLUMN "provenance" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "provenance_builder_id" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "provenance_key_id" text;