ALTER TABLE "submissions" ADD COLUMN "binary_sha256" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "binary_files" jsonb;