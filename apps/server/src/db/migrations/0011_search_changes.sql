CREATE TABLE "plugin_search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"plugin_id" integer NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "plugin_search_changes_xid_idx" ON "plugin_search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "plugin_search_changes_at_idx" ON "plugin_search_changes" USING btree ("at");--> statement-breakpoint
-- Every insert, change and removal of a plugin_search row is noted for the servers' match indexes.
CREATE FUNCTION plugin_search_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO plugin_search_changes (plugin_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.plugin_id ELSE NEW.plugin_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER plugin_search_noted AFTER INSERT OR UPDATE OR DELETE ON plugin_search FOR EACH ROW EXECUTE FUNCTION plugin_search_noted();
