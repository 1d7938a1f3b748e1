-- Search: each product's words in one tsvector (name A, category B, description C, 'simple' config),
-- and the catalogue's vocabulary (search_terms) that a search corrects its typed words to. Both are
-- kept by triggers in the same transaction as every change; stock updates (every order) leave the
-- document as it was and skip the vocabulary trigger through its WHEN clause.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE FUNCTION product_search_document(name text, category_id integer, description text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', name), 'A')
    || setweight(to_tsvector('simple', coalesce((SELECT c.name FROM categories c WHERE c.id = category_id), '')), 'B')
    || setweight(to_tsvector('simple', description), 'C')
$$;
--> statement-breakpoint
-- The words a document adds to the vocabulary: those without digits (a product number is searched as
-- typed, never corrected, and would make the vocabulary as long as the catalogue).
CREATE FUNCTION search_document_terms(document tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT term FROM unnest(tsvector_to_array(document)) AS term WHERE term !~ '[0-9]'
$$;
--> statement-breakpoint
CREATE FUNCTION product_search_document_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := product_search_document(NEW.name, NEW.category_id, NEW.description);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_document BEFORE INSERT OR UPDATE OF name, description, category_id ON products
FOR EACH ROW EXECUTE FUNCTION product_search_document_fill();
--> statement-breakpoint
-- A renamed category rewrites its products' documents (which then update the vocabulary).
CREATE FUNCTION category_search_document_refill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_document = product_search_document(name, category_id, description)
  WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_document AFTER UPDATE OF name ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION category_search_document_refill();
--> statement-breakpoint
-- Terms are written in term order, so two concurrent writers lock shared terms in the same order.
CREATE FUNCTION search_terms_add(added text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms (term, products)
  SELECT term, count(*) FROM unnest(added) AS term GROUP BY term ORDER BY term
  ON CONFLICT (term) DO UPDATE SET products = search_terms.products + excluded.products
$$;
--> statement-breakpoint
-- Two statements: a DELETE in the same statement as the UPDATE would not see the updated counts.
CREATE FUNCTION search_terms_remove(removed text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE search_terms t SET products = t.products - counted.n
  FROM (SELECT term, count(*) AS n FROM unnest(removed) AS term GROUP BY term ORDER BY term) AS counted
  WHERE t.term = counted.term;
  DELETE FROM search_terms WHERE term = ANY(removed) AND products <= 0;
$$;
--> statement-breakpoint
CREATE FUNCTION search_terms_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add(ARRAY(
    SELECT search_document_terms(search_document) FROM inserted));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_terms_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_remove(ARRAY(
    SELECT search_document_terms(search_document) FROM deleted));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_terms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_remove(ARRAY(
    SELECT search_document_terms(OLD.search_document)
    EXCEPT SELECT search_document_terms(NEW.search_document)));
  PERFORM search_terms_add(ARRAY(
    SELECT search_document_terms(NEW.search_document)
    EXCEPT SELECT search_document_terms(OLD.search_document)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_inserted AFTER INSERT ON products
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_terms_inserted();
--> statement-breakpoint
CREATE TRIGGER products_search_terms_deleted AFTER DELETE ON products
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_terms_deleted();
--> statement-breakpoint
CREATE TRIGGER products_search_terms_updated AFTER UPDATE ON products
FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document)
EXECUTE FUNCTION search_terms_updated();
--> statement-breakpoint
CREATE FUNCTION search_terms_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_terms;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_terms_truncated AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION search_terms_clear();
--> statement-breakpoint
-- Existing products: filling their documents fires the vocabulary trigger row by row, so fill first
-- with that trigger off, then count the vocabulary once.
ALTER TABLE products DISABLE TRIGGER products_search_terms_updated;
--> statement-breakpoint
UPDATE products SET search_document = product_search_document(name, category_id, description);
--> statement-breakpoint
ALTER TABLE products ENABLE TRIGGER products_search_terms_updated;
--> statement-breakpoint
INSERT INTO search_terms (term, products)
SELECT term, count(*) FROM products, search_document_terms(search_document) AS term GROUP BY term;
