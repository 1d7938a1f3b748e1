-- Search also reads a product's material and colour, weighted as its category (B), so 'oak' or 'green'
-- finds what is made of oak or coloured green, and their words join the vocabulary a typo is corrected
-- to. The products made before this have neither, so their documents come out the same and need no
-- rewrite.
CREATE FUNCTION product_search_document(name text, category_id integer, description text, material text, colour text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', name), 'A')
    || setweight(to_tsvector('simple', coalesce((SELECT c.name FROM categories c WHERE c.id = category_id), '')), 'B')
    || setweight(to_tsvector('simple', concat_ws(' ', material, colour)), 'B')
    || setweight(to_tsvector('simple', description), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_document_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := product_search_document(NEW.name, NEW.category_id, NEW.description, NEW.material, NEW.colour);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_search_document ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_document
BEFORE INSERT OR UPDATE OF name, description, category_id, material, colour ON products
FOR EACH ROW EXECUTE FUNCTION product_search_document_fill();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION category_search_document_refill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_document = product_search_document(name, category_id, description, material, colour)
  WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION product_search_document(text, integer, text);
