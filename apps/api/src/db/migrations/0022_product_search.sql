-- Search documents move out of `products` into a narrow table of their own: a search reads and
-- ranks its matches from rows of id, date and document (a page a few dozen of them) instead of each
-- matching product's whole row, and lists and orders read narrower product rows. The vocabulary
-- (search_terms) follows the new table with the same functions as before (migration 0005).
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_document" "tsvector" NOT NULL
);
--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "created_at", "search_document")
SELECT "id", "created_at", coalesce("search_document", product_search_document("name", "category_id", "description",
  "material", "colour", "name_ur", "description_ur"))
FROM "products";
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("search_document");--> statement-breakpoint
DROP TRIGGER "products_search_document" ON "products";--> statement-breakpoint
DROP FUNCTION "product_search_document_fill"();--> statement-breakpoint
DROP TRIGGER "products_search_terms_inserted" ON "products";--> statement-breakpoint
DROP TRIGGER "products_search_terms_deleted" ON "products";--> statement-breakpoint
DROP TRIGGER "products_search_terms_updated" ON "products";--> statement-breakpoint
DROP TRIGGER "products_search_terms_truncated" ON "products";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_document";--> statement-breakpoint
-- New products get their documents in one statement, so a bulk insert writes them in one pass.
CREATE FUNCTION product_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, created_at, search_document)
  SELECT id, created_at, product_search_document(name, category_id, description, material, colour, name_ur,
    description_ur)
  FROM inserted;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_inserted" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION product_search_inserted();
--> statement-breakpoint
-- Only a change of what the document is made of (or the date) rewrites it: an order's stock update
-- names none of these columns and fires nothing.
CREATE FUNCTION product_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET created_at = NEW.created_at,
    search_document = product_search_document(NEW.name, NEW.category_id, NEW.description, NEW.material, NEW.colour,
      NEW.name_ur, NEW.description_ur)
  WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_updated"
AFTER UPDATE OF name, description, category_id, material, colour, name_ur, description_ur, created_at ON "products"
FOR EACH ROW WHEN ((OLD.name, OLD.description, OLD.category_id, OLD.material, OLD.colour, OLD.name_ur,
  OLD.description_ur, OLD.created_at) IS DISTINCT FROM (NEW.name, NEW.description, NEW.category_id, NEW.material,
  NEW.colour, NEW.name_ur, NEW.description_ur, NEW.created_at))
EXECUTE FUNCTION product_search_updated();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION category_search_document_refill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search s SET search_document = product_search_document(p.name, p.category_id, p.description,
    p.material, p.colour, p.name_ur, p.description_ur)
  FROM products p
  WHERE p.id = s.product_id AND p.category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_search_terms_inserted" AFTER INSERT ON "product_search"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_terms_inserted();
--> statement-breakpoint
CREATE TRIGGER "product_search_terms_deleted" AFTER DELETE ON "product_search"
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_terms_deleted();
--> statement-breakpoint
CREATE TRIGGER "product_search_terms_updated" AFTER UPDATE ON "product_search"
FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document)
EXECUTE FUNCTION search_terms_updated();
--> statement-breakpoint
CREATE TRIGGER "product_search_terms_truncated" AFTER TRUNCATE ON "product_search"
FOR EACH STATEMENT EXECUTE FUNCTION search_terms_clear();
