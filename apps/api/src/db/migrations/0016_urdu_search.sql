ALTER TABLE "order_items" ADD COLUMN "product_name_ur" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_ur_key" ON "categories" USING btree ("name_ur") WHERE "categories"."name_ur" <> '';--> statement-breakpoint
CREATE INDEX "products_name_ur_idx" ON "products" USING btree (lower(coalesce(nullif("name_ur", ''), "name")),"id");--> statement-breakpoint
-- Search reads the Urdu texts too (issue 19): a product's Urdu name beside its name (weight A), its
-- category's Urdu name beside the category's (B), its Urdu description beside its description (C),
-- all with the 'simple' config (PostgreSQL has no Urdu dictionary; Urdu words are taken as written).
-- Before parsing, search_text_fold makes the spellings of one Urdu word one: the Arabic yeh, kaf and
-- heh that some keyboards type become the Urdu letters, Urdu punctuation (۔ ، ؛ ؟) becomes a space
-- (the parser would otherwise glue it to the word before it), and the short vowel marks and the
-- zero-width non-joiner go. Typed searches are folded alike (features/catalog/search.ts). English
-- text holds none of these characters, so the documents of products without Urdu texts are as before.
CREATE FUNCTION search_text_fold(words text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(words,
    E'\u064A\u0643\u0649\u0647\u06D4\u060C\u061B\u061F\u200C\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0670',
    E'\u06CC\u06A9\u06CC\u06C1    ')
$$;
--> statement-breakpoint
CREATE FUNCTION product_search_document(name text, category_id integer, description text, material text, colour text,
  name_ur text, description_ur text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', search_text_fold(concat_ws(' ', name, name_ur))), 'A')
    || setweight(to_tsvector('simple', search_text_fold(coalesce(
         (SELECT concat_ws(' ', c.name, c.name_ur) FROM categories c WHERE c.id = category_id), ''))), 'B')
    || setweight(to_tsvector('simple', concat_ws(' ', material, colour)), 'B')
    || setweight(to_tsvector('simple', search_text_fold(concat_ws(' ', description, description_ur))), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_document_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := product_search_document(NEW.name, NEW.category_id, NEW.description, NEW.material, NEW.colour,
    NEW.name_ur, NEW.description_ur);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_search_document ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_document
BEFORE INSERT OR UPDATE OF name, description, category_id, material, colour, name_ur, description_ur ON products
FOR EACH ROW EXECUTE FUNCTION product_search_document_fill();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION category_search_document_refill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_document = product_search_document(name, category_id, description, material, colour,
    name_ur, description_ur)
  WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER categories_search_document ON categories;
--> statement-breakpoint
CREATE TRIGGER categories_search_document AFTER UPDATE OF name, name_ur ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.name_ur IS DISTINCT FROM NEW.name_ur)
EXECUTE FUNCTION category_search_document_refill();
--> statement-breakpoint
DROP FUNCTION product_search_document(text, integer, text, text, text);
--> statement-breakpoint
-- Products given Urdu texts since migration 0015 (the vocabulary trigger follows each row).
UPDATE products p SET search_document = product_search_document(p.name, p.category_id, p.description, p.material,
  p.colour, p.name_ur, p.description_ur)
WHERE p.name_ur <> '' OR p.description_ur <> ''
  OR EXISTS (SELECT 1 FROM categories c WHERE c.id = p.category_id AND c.name_ur <> '');
