-- Keeps product_counts exact in the same transaction as every change to products, so a list page
-- reads its total from one small row instead of counting the catalogue. Stock updates (every order)
-- change neither column and skip the trigger through its WHEN clause.
CREATE FUNCTION product_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE product_counts
    SET products = products - 1, on_sale = on_sale - OLD.is_on_sale::int
    WHERE category_id = OLD.category_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO product_counts (category_id, products, on_sale)
    VALUES (NEW.category_id, 1, NEW.is_on_sale::int)
    ON CONFLICT (category_id) DO UPDATE
    SET products = product_counts.products + 1, on_sale = product_counts.on_sale + excluded.on_sale;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_counted AFTER INSERT OR DELETE ON products
FOR EACH ROW EXECUTE FUNCTION product_counts_track();
--> statement-breakpoint
CREATE TRIGGER products_recounted AFTER UPDATE OF category_id, is_on_sale ON products
FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.is_on_sale IS DISTINCT FROM NEW.is_on_sale)
EXECUTE FUNCTION product_counts_track();
--> statement-breakpoint
CREATE FUNCTION product_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION product_counts_clear();
--> statement-breakpoint
INSERT INTO product_counts (category_id, products, on_sale)
SELECT category_id, count(*), count(*) FILTER (WHERE is_on_sale) FROM products GROUP BY category_id;
