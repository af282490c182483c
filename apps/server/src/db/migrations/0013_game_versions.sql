CREATE TABLE "game_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bakkesmod_version" text NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"current" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "game_versions_name_key" ON "game_versions" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "game_versions_one_current" ON "game_versions" USING btree ("current") WHERE "game_versions"."current";