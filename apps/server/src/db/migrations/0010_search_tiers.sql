CREATE TABLE "plugin_search" (
	"plugin_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_length" integer NOT NULL,
	"downloads" integer NOT NULL,
	"has_source" boolean NOT NULL,
	"tag_ids" integer[] NOT NULL,
	"name_vector" "tsvector" NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "plugins_search_idx";--> statement-breakpoint
ALTER TABLE "plugin_search" ADD CONSTRAINT "plugin_search_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_search_name_idx" ON "plugin_search" USING gin ("name_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "plugin_search_document_idx" ON "plugin_search" USING gin ("document") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
-- Room on each page keeps a change of downloads a HOT update (no new index entries).
ALTER TABLE "plugin_search" SET (fillfactor = 90);
--> statement-breakpoint
-- A listed plugin has its row, kept up to date, and the words of its document are in the lexicon
-- (in order, so two transactions adding the same new words cannot deadlock); any other plugin has
-- no row.
CREATE FUNCTION plugin_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A download (the common write) changes one number of a listed plugin's row.
  IF TG_OP = 'UPDATE' AND NEW.is_active AND NEW.is_listed AND NEW.is_publicly_visible AND NEW.published_once
    AND (OLD.name, OLD.source_code_url, OLD.tag_ids, OLD.search_vector, OLD.is_active, OLD.is_listed, OLD.is_publicly_visible, OLD.published_once)
      IS NOT DISTINCT FROM (NEW.name, NEW.source_code_url, NEW.tag_ids, NEW.search_vector, NEW.is_active, NEW.is_listed, NEW.is_publicly_visible, NEW.published_once) THEN
    UPDATE plugin_search SET downloads = NEW.download_count WHERE plugin_id = NEW.id;
    RETURN NULL;
  END IF;
  IF NEW.is_active AND NEW.is_listed AND NEW.is_publicly_visible AND NEW.published_once THEN
    INSERT INTO plugin_search (plugin_id, name, name_length, downloads, has_source, tag_ids, name_vector, document)
    VALUES (NEW.id, lower(NEW.name), length(NEW.name), NEW.download_count, NEW.source_code_url IS NOT NULL, NEW.tag_ids,
      to_tsvector('simple'::regconfig, NEW.name), coalesce(NEW.search_vector, ''::tsvector))
    ON CONFLICT (plugin_id) DO UPDATE SET name = excluded.name, name_length = excluded.name_length, downloads = excluded.downloads,
      has_source = excluded.has_source, tag_ids = excluded.tag_ids, name_vector = excluded.name_vector, document = excluded.document;
    IF TG_OP = 'INSERT' OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
      OR NOT (OLD.is_active AND OLD.is_listed AND OLD.is_publicly_visible AND OLD.published_once) THEN
      INSERT INTO search_lexemes (lexeme)
      SELECT w FROM unnest(tsvector_to_array(coalesce(NEW.search_vector, ''::tsvector))) w ORDER BY w
      ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM plugin_search WHERE plugin_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER plugin_search_insert AFTER INSERT ON plugins FOR EACH ROW EXECUTE FUNCTION plugin_search_sync();
--> statement-breakpoint
-- Views, ratings and other columns change often and do not matter here.
CREATE TRIGGER plugin_search_update AFTER UPDATE ON plugins FOR EACH ROW
WHEN ((OLD.name, OLD.download_count, OLD.source_code_url, OLD.tag_ids, OLD.search_vector, OLD.is_active, OLD.is_listed, OLD.is_publicly_visible, OLD.published_once)
  IS DISTINCT FROM (NEW.name, NEW.download_count, NEW.source_code_url, NEW.tag_ids, NEW.search_vector, NEW.is_active, NEW.is_listed, NEW.is_publicly_visible, NEW.published_once))
EXECUTE FUNCTION plugin_search_sync();
--> statement-breakpoint
INSERT INTO plugin_search (plugin_id, name, name_length, downloads, has_source, tag_ids, name_vector, document)
SELECT id, lower(name), length(name), download_count, source_code_url IS NOT NULL, tag_ids, to_tsvector('simple'::regconfig, name), coalesce(search_vector, ''::tsvector)
FROM plugins WHERE is_active AND is_listed AND is_publicly_visible AND published_once;
--> statement-breakpoint
INSERT INTO search_lexemes (lexeme) SELECT DISTINCT unnest(tsvector_to_array(document)) FROM plugin_search;
--> statement-breakpoint
ANALYZE plugin_search;
--> statement-breakpoint
ANALYZE search_lexemes;
