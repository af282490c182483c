CREATE TABLE "collection_follows" (
	"collection_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_follows_collection_id_member_id_pk" PRIMARY KEY("collection_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "collection_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"plugin_id" integer,
	"car_id" integer,
	"position" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_kind" CHECK ("collection_items"."kind" in ('plugin', 'car')),
	CONSTRAINT "collection_items_one_target" CHECK (("collection_items"."kind" = 'plugin' and "collection_items"."car_id" is null) or ("collection_items"."kind" = 'car' and "collection_items"."plugin_id" is null))
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_visibility" CHECK ("collections"."visibility" in ('public', 'unlisted', 'private'))
);
--> statement-breakpoint
ALTER TABLE "collection_follows" ADD CONSTRAINT "collection_follows_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_follows" ADD CONSTRAINT "collection_follows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_follows_member_idx" ON "collection_follows" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_item_uq" ON "collection_items" USING btree ("collection_id","kind","item_id");--> statement-breakpoint
CREATE INDEX "collection_items_order_idx" ON "collection_items" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "collection_items_plugin_idx" ON "collection_items" USING btree ("plugin_id");--> statement-breakpoint
CREATE INDEX "collection_items_car_idx" ON "collection_items" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "collections_member_idx" ON "collections" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "collections_public_idx" ON "collections" USING btree ("created_at") WHERE "collections"."visibility" = 'public';