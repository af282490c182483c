CREATE TABLE "member_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"member_id" integer NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"browser_hash" text NOT NULL,
	"provider" text NOT NULL,
	"intent" text NOT NULL,
	"member_id" integer,
	"remember_me" boolean DEFAULT false NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"subject" text,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"ticket_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_identities" ADD CONSTRAINT "member_identities_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD CONSTRAINT "oauth_flows_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_provider_subject_idx" ON "member_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_member_provider_idx" ON "member_identities" USING btree ("member_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_flows_state_idx" ON "oauth_flows" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_flows_ticket_idx" ON "oauth_flows" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "oauth_flows_expires_idx" ON "oauth_flows" USING btree ("expires_at");