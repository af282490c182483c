CREATE TABLE "member_follows" (
	"followed_id" integer NOT NULL,
	"follower_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_follows_followed_id_follower_id_pk" PRIMARY KEY("followed_id","follower_id"),
	CONSTRAINT "member_follows_not_self" CHECK ("member_follows"."followed_id" <> "member_follows"."follower_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_follows" (
	"plugin_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_follows_plugin_id_member_id_pk" PRIMARY KEY("plugin_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "member_follows" ADD CONSTRAINT "member_follows_followed_id_members_id_fk" FOREIGN KEY ("followed_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_follows" ADD CONSTRAINT "member_follows_follower_id_members_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_follows" ADD CONSTRAINT "plugin_follows_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_follows" ADD CONSTRAINT "plugin_follows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_follows_follower_idx" ON "member_follows" USING btree ("follower_id","created_at");--> statement-breakpoint
CREATE INDEX "plugin_follows_member_idx" ON "plugin_follows" USING btree ("member_id","created_at");