CREATE TABLE "car_copy_marks" (
	"car_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_copy_marks_car_id_visitor_pk" PRIMARY KEY("car_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "car_ratings" (
	"car_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_ratings_car_id_member_id_pk" PRIMARY KEY("car_id","member_id"),
	CONSTRAINT "car_ratings_stars_range" CHECK ("car_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "car_view_marks" (
	"car_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_view_marks_car_id_visitor_pk" PRIMARY KEY("car_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "car_votes" (
	"car_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_votes_car_id_member_id_pk" PRIMARY KEY("car_id","member_id"),
	CONSTRAINT "car_votes_vote_letter" CHECK ("car_votes"."vote" in ('U', 'D'))
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"banner_key" text,
	"loadout" jsonb NOT NULL,
	"body_product_id" integer,
	"views" integer DEFAULT 0 NOT NULL,
	"code_copies" integer DEFAULT 0 NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'A' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cars_name_len" CHECK (char_length("cars"."name") between 1 and 64),
	CONSTRAINT "cars_description_len" CHECK (char_length("cars"."description") <= 5000),
	CONSTRAINT "cars_status_letter" CHECK ("cars"."status" ~ '^[A-Z]$'),
	CONSTRAINT "cars_counters_not_negative" CHECK ("cars"."views" >= 0 and "cars"."code_copies" >= 0 and "cars"."upvotes" >= 0 and "cars"."downvotes" >= 0 and "cars"."rating_sum" >= 0 and "cars"."rating_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "car_copy_marks" ADD CONSTRAINT "car_copy_marks_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_ratings" ADD CONSTRAINT "car_ratings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_ratings" ADD CONSTRAINT "car_ratings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_view_marks" ADD CONSTRAINT "car_view_marks_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_votes" ADD CONSTRAINT "car_votes_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_votes" ADD CONSTRAINT "car_votes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_copy_marks_counted_idx" ON "car_copy_marks" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "car_ratings_member_idx" ON "car_ratings" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "car_view_marks_counted_idx" ON "car_view_marks" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "car_votes_member_idx" ON "car_votes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "cars_member_idx" ON "cars" USING btree ("member_id","is_pinned" DESC NULLS LAST,"code_copies" DESC NULLS LAST,"views" DESC NULLS LAST,"updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cars_listed_views_idx" ON "cars" USING btree ("views" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cars"."status" in ('A', 'I') and "cars"."is_public";--> statement-breakpoint
CREATE INDEX "cars_listed_name_idx" ON "cars" USING btree (lower("name"),"id") WHERE "cars"."status" in ('A', 'I') and "cars"."is_public";--> statement-breakpoint
CREATE INDEX "cars_listed_created_idx" ON "cars" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cars"."status" in ('A', 'I') and "cars"."is_public";--> statement-breakpoint
CREATE INDEX "cars_listed_updated_idx" ON "cars" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cars"."status" in ('A', 'I') and "cars"."is_public";--> statement-breakpoint
CREATE INDEX "cars_listed_body_idx" ON "cars" USING btree ("body_product_id","views" DESC NULLS LAST) WHERE "cars"."status" in ('A', 'I') and "cars"."is_public";--> statement-breakpoint
CREATE INDEX "cars_name_trgm_idx" ON "cars" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cars_description_trgm_idx" ON "cars" USING gin (lower("description") gin_trgm_ops);