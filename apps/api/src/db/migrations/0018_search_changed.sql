CREATE TABLE "search_version" (
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Every server process keeps an index of the products' search documents in memory (issue 18,
-- features/catalog/search-index.ts). A statement that changes documents counts search_version up and
-- tells the processes which products to read again, at its commit: 'version:id,id,…', or 'version:*'
-- (read everything) when the ids would pass NOTIFY's 8000 bytes. Statements that leave every document
-- as it was (an order's stock, review figures) send nothing. The one row also orders the notices: two
-- transactions changing documents take its lock in turn, so the counts arrive in commit order.
INSERT INTO "search_version" ("version") VALUES (0);
--> statement-breakpoint
CREATE FUNCTION search_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  counted bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(id::text, ',') INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(id::text, ',') INTO ids FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT string_agg(n.id::text, ',') INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.search_document IS DISTINCT FROM o.search_document OR n.created_at IS DISTINCT FROM o.created_at;
  ELSE
    ids := '*';
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE search_version SET version = version + 1 RETURNING version INTO counted;
  PERFORM pg_notify('search_changed', counted || ':' || CASE WHEN octet_length(ids) <= 7900 THEN ids ELSE '*' END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_inserted AFTER INSERT ON products
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER products_search_updated AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER products_search_deleted AFTER DELETE ON products
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
--> statement-breakpoint
CREATE TRIGGER products_search_truncated AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION search_documents_changed();
