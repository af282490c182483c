-- A plugin whose owner is disabled is not listed (modules/plugins/policy.ts): plugin_search holds no
-- row for it while the owner is disabled, so a search (by SQL, or in a match index, which mirrors
-- plugin_search through plugin_search_changes) neither shows nor counts it; it comes back when the
-- owner is enabled again. A download's fast path needs no look at the owner: a missing row stays missing.
CREATE OR REPLACE FUNCTION plugin_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.is_active AND NEW.is_listed AND NEW.is_publicly_visible AND NEW.published_once
    AND (OLD.name, OLD.source_code_url, OLD.tag_ids, OLD.search_vector, OLD.is_active, OLD.is_listed, OLD.is_publicly_visible, OLD.published_once)
      IS NOT DISTINCT FROM (NEW.name, NEW.source_code_url, NEW.tag_ids, NEW.search_vector, NEW.is_active, NEW.is_listed, NEW.is_publicly_visible, NEW.published_once) THEN
    UPDATE plugin_search SET downloads = NEW.download_count WHERE plugin_id = NEW.id;
    RETURN NULL;
  END IF;
  IF NEW.is_active AND NEW.is_listed AND NEW.is_publicly_visible AND NEW.published_once
    AND NOT EXISTS (SELECT 1 FROM members WHERE id = NEW.member_id AND disabled_at IS NOT NULL) THEN
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
-- Disabling a member removes their plugins' rows; enabling them again puts back those listed.
CREATE FUNCTION plugin_search_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.disabled_at IS NOT NULL THEN
    DELETE FROM plugin_search WHERE plugin_id IN (SELECT id FROM plugins WHERE member_id = NEW.id);
  ELSE
    INSERT INTO plugin_search (plugin_id, name, name_length, downloads, has_source, tag_ids, name_vector, document)
    SELECT id, lower(name), length(name), download_count, source_code_url IS NOT NULL, tag_ids,
      to_tsvector('simple'::regconfig, name), coalesce(search_vector, ''::tsvector)
    FROM plugins WHERE member_id = NEW.id AND is_active AND is_listed AND is_publicly_visible AND published_once
    ON CONFLICT (plugin_id) DO NOTHING;
    INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT w FROM plugins, unnest(tsvector_to_array(coalesce(search_vector, ''::tsvector))) w
    WHERE member_id = NEW.id AND is_active AND is_listed AND is_publicly_visible AND published_once
    ORDER BY w
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER plugin_search_owner AFTER UPDATE OF disabled_at ON members FOR EACH ROW
WHEN ((OLD.disabled_at IS NULL) IS DISTINCT FROM (NEW.disabled_at IS NULL))
EXECUTE FUNCTION plugin_search_owner();
--> statement-breakpoint
DELETE FROM plugin_search WHERE plugin_id IN (
  SELECT p.id FROM plugins p JOIN members m ON m.id = p.member_id WHERE m.disabled_at IS NOT NULL
);
