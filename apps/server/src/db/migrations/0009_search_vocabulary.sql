CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_word_variants" (
	"variant" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_word_variants_variant_word_pk" PRIMARY KEY("variant","word")
);
--> statement-breakpoint
ALTER TABLE "plugins" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
-- A word and its spellings with one letter deleted, and with two for words of 7 letters or more (a
-- search word of 9 letters or more may be two edits away, so its corrections have 7 or more).
-- Loops, not generate_series: the planner's guess of a thousand rows per series made every call
-- cost enough to be compiled (JIT), some 40 ms each.
CREATE FUNCTION search_word_deletes(w text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  n integer := length(w);
  one text;
  found text[] := ARRAY[w];
BEGIN
  FOR i IN 1..n LOOP
    one := left(w, i - 1) || substr(w, i + 1);
    found := found || one;
    IF n >= 7 THEN
      FOR j IN i..n - 1 LOOP
        found := found || (left(one, j - 1) || substr(one, j + 1));
      END LOOP;
    END IF;
  END LOOP;
  RETURN found;
END
$$;
--> statement-breakpoint
-- Adds the words of a text to the vocabulary, as the search document splits them ('simple'). Words
-- are taken in order so that two transactions adding the same new words cannot deadlock. Words never
-- leave: one that no plugin uses any more only widens a search by a term that finds nothing.
CREATE FUNCTION search_words_add(doc text) RETURNS void LANGUAGE sql AS $$
  WITH added AS (
    INSERT INTO search_words (word)
    SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(doc, '')))) w
    WHERE length(w) BETWEEN 4 AND 24 AND w ~ '[[:alpha:]]'
    ORDER BY w
    ON CONFLICT DO NOTHING
    RETURNING word
  )
  INSERT INTO search_word_variants (variant, word)
  SELECT DISTINCT d, added.word FROM added, unnest(search_word_deletes(added.word)) d
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- The search document now holds the plugin's tags too (short and long names, weight C with the
-- description): name A > short description B > description and tags C > author D.
CREATE FUNCTION plugin_search_document(name text, short_description text, description text, author text, tag_names text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(short_description, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C')
      || setweight(to_tsvector('simple'::regconfig, coalesce(tag_names, '')), 'C')
      || setweight(to_tsvector('simple'::regconfig, coalesce(author, '')), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION plugin_tag_names(plugin integer) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(t.short_name || ' ' || t.long_name, ' ' ORDER BY t.id), '')
  FROM plugin_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.plugin_id = plugin
$$;
--> statement-breakpoint
-- Rebuilds the search document of the plugins matching a condition (after their tags, tag names or
-- author changed).
CREATE FUNCTION plugin_search_vector(p plugins) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT plugin_search_document(p.name, p.short_description, p.description,
    (SELECT username FROM members WHERE id = p.member_id), plugin_tag_names(p.id))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plugins_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  author text := (SELECT username FROM members WHERE id = NEW.member_id);
BEGIN
  NEW.search_vector := plugin_search_document(NEW.name, NEW.short_description, NEW.description, author, plugin_tag_names(NEW.id));
  PERFORM search_words_add(concat_ws(' ', NEW.name, NEW.short_description, author));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION members_plugin_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plugins p SET search_vector = plugin_search_vector(p) WHERE p.member_id = NEW.id;
  IF FOUND THEN
    PERFORM search_words_add(NEW.username);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION plugin_search_document(text, text, text, text);
--> statement-breakpoint
-- Tags added to or taken from plugins: one pass per statement over the plugins it touched, for
-- their documents and their tag ids (which a search's tag counts read off its matches).
CREATE FUNCTION plugin_tag_ids(plugin integer) RETURNS integer[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(tag_id ORDER BY tag_id), '{}') FROM plugin_tags WHERE plugin_id = plugin
$$;
--> statement-breakpoint
CREATE FUNCTION plugin_tags_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plugins p SET search_vector = plugin_search_vector(p), tag_ids = plugin_tag_ids(p.id)
  WHERE p.id IN (SELECT DISTINCT plugin_id FROM changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER plugin_tags_search_insert AFTER INSERT ON plugin_tags
REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION plugin_tags_search_refresh();
--> statement-breakpoint
CREATE TRIGGER plugin_tags_search_delete AFTER DELETE ON plugin_tags
REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION plugin_tags_search_refresh();
--> statement-breakpoint
-- A new or renamed tag: its words join the vocabulary, and the plugins carrying it are found under
-- the new name.
CREATE FUNCTION tags_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_add(NEW.short_name || ' ' || NEW.long_name);
  IF TG_OP = 'UPDATE' THEN
    UPDATE plugins p SET search_vector = plugin_search_vector(p)
    WHERE p.id IN (SELECT plugin_id FROM plugin_tags WHERE tag_id = NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tags_search AFTER INSERT OR UPDATE OF short_name, long_name ON tags
FOR EACH ROW EXECUTE FUNCTION tags_search_refresh();
--> statement-breakpoint
-- Existing plugins: documents with their tags, and the vocabulary from what is already there.
UPDATE plugins p SET search_vector = plugin_search_vector(p), tag_ids = plugin_tag_ids(p.id);
--> statement-breakpoint
SELECT search_words_add(concat_ws(' ', p.name, p.short_description, m.username)) FROM plugins p JOIN members m ON m.id = p.member_id;
--> statement-breakpoint
SELECT search_words_add(short_name || ' ' || long_name) FROM tags;
