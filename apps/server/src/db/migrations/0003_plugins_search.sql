-- Plugin search document, kept by triggers because it reads the author's name from another table
-- (a generated column cannot): name A > short description B > description C > author D.
-- The 'simple' configuration keeps words as typed (no stemming), so a prefix query on the last word
-- ("rocket plu:*") matches while the user is still typing.
CREATE FUNCTION plugin_search_document(name text, short_description text, description text, author text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(short_description, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C')
      || setweight(to_tsvector('simple'::regconfig, coalesce(author, '')), 'D')
$$;
--> statement-breakpoint
CREATE FUNCTION plugins_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := plugin_search_document(NEW.name, NEW.short_description, NEW.description,
    (SELECT username FROM members WHERE id = NEW.member_id));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER plugins_search_vector BEFORE INSERT OR UPDATE OF name, short_description, description, member_id ON plugins
FOR EACH ROW EXECUTE FUNCTION plugins_search_vector_refresh();
--> statement-breakpoint
-- A renamed member is found under the new name.
CREATE FUNCTION members_plugin_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plugins SET search_vector = plugin_search_document(name, short_description, description, NEW.username)
  WHERE member_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER members_plugin_search AFTER UPDATE OF username ON members
FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION members_plugin_search_refresh();
