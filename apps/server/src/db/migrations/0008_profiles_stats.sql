CREATE TABLE "member_reputation" (
	"giver_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_reputation_giver_id_receiver_id_pk" PRIMARY KEY("giver_id","receiver_id"),
	CONSTRAINT "member_reputation_not_self" CHECK ("member_reputation"."giver_id" <> "member_reputation"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_daily_counts" (
	"plugin_id" integer NOT NULL,
	"day" date NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plugin_daily_counts_plugin_id_day_pk" PRIMARY KEY("plugin_id","day")
);
--> statement-breakpoint
CREATE TABLE "car_daily_counts" (
	"car_id" integer NOT NULL,
	"day" date NOT NULL,
	"copies" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "car_daily_counts_car_id_day_pk" PRIMARY KEY("car_id","day")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "reputation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_reputation" ADD CONSTRAINT "member_reputation_giver_id_members_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reputation" ADD CONSTRAINT "member_reputation_receiver_id_members_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_daily_counts" ADD CONSTRAINT "plugin_daily_counts_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_daily_counts" ADD CONSTRAINT "car_daily_counts_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_reputation_receiver_idx" ON "member_reputation" USING btree ("receiver_id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_reputation_min" CHECK ("members"."reputation" >= 1);