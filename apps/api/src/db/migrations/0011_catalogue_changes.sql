-- When a product's or a category's page last changed (the sitemap's lastmod): existing products count
-- from their creation, and every later change to the row or to what its page shows bumps it.
ALTER TABLE "categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "products" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "updated_at" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION updated_at_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Any change of the row counts (price, stock, review figures, search words after a category rename),
-- an update that changes nothing does not.
CREATE TRIGGER products_updated_at BEFORE UPDATE ON products
FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION updated_at_bump();
--> statement-breakpoint
CREATE TRIGGER categories_updated_at BEFORE UPDATE OF name ON categories
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION updated_at_bump();
--> statement-breakpoint
-- Pictures and options are other tables but part of the product's page.
CREATE FUNCTION product_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET updated_at = now()
  WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_images_touch AFTER INSERT OR DELETE ON product_images
FOR EACH ROW EXECUTE FUNCTION product_touch();
--> statement-breakpoint
CREATE TRIGGER product_options_touch AFTER INSERT OR UPDATE OR DELETE ON product_options
FOR EACH ROW EXECUTE FUNCTION product_touch();
--> statement-breakpoint
CREATE FUNCTION product_option_value_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET updated_at = now()
  WHERE id IN (SELECT product_id FROM product_options
    WHERE product_options.id IN (
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.option_id END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.option_id END));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_option_values_touch AFTER INSERT OR UPDATE OR DELETE ON product_option_values
FOR EACH ROW EXECUTE FUNCTION product_option_value_touch();
--> statement-breakpoint
-- Every server process keeps catalogue answers in memory and LISTENs on this channel: any write to
-- what a catalogue answer shows, whatever code made it (an order taking stock too), tells them all at
-- its commit. NOTIFY folds repeats within a transaction into one.
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One trigger per table that a catalogue answer shows, named <table>_changed.
DO $$
DECLARE
  shown text;
BEGIN
  FOREACH shown IN ARRAY ARRAY['products', 'categories', 'product_images', 'product_options',
    'product_option_values', 'reviews'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()', shown || '_changed', shown);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A review shows its author's first name.
CREATE TRIGGER users_renamed AFTER UPDATE OF first_name ON users
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
