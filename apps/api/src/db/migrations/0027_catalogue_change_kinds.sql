-- Issue 35: a notice on catalogue_changed says what a change of products was, so each process drops
-- only the answers it alters. An update of products names the products edited (anything an answer
-- shows besides the stock), the columns their edits changed, and whose stock went from what to what:
-- 'edit:3,9 columns:name,price stock:5:2:1,7:1:0', each part left out when empty. A change of a
-- product's pictures, options or reviews names the products and the part: 'edit:3 columns:options'.
-- The empty payload, which the other catalogue triggers still send, means anything may have changed;
-- so does a change too long to name within NOTIFY's 8000 bytes. An update that changes nothing an
-- answer shows (the low-stock flag) sends nothing.
DROP TRIGGER products_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE FUNCTION catalogue_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Kept for the shop's own work, never part of a catalogue answer; the stock is named apart.
  unshown CONSTANT text[] := ARRAY['stock', 'updated_at', 'low_stock_alerted'];
  edited text;
  edited_columns text;
  stock_moves text;
  payload text;
BEGIN
  WITH pairs AS (
    SELECT n.id, o.stock AS stock_before, n.stock AS stock_after,
      to_jsonb(o) - unshown AS shown_before, to_jsonb(n) - unshown AS shown_after
    FROM new_rows n JOIN old_rows o ON o.id = n.id
  ), changed_columns AS (
    SELECT string_agg(DISTINCT changed.key, ',' ORDER BY changed.key) AS names
    FROM pairs, jsonb_each(pairs.shown_after) AS changed
    WHERE changed.value IS DISTINCT FROM pairs.shown_before -> changed.key
  )
  SELECT string_agg(id::text, ',' ORDER BY id) FILTER (WHERE shown_before IS DISTINCT FROM shown_after),
    (SELECT names FROM changed_columns),
    -- An edit may move the stock too (a staff save): its move is named as well.
    string_agg(id || ':' || stock_before || ':' || stock_after, ',' ORDER BY id) FILTER (WHERE stock_before <> stock_after)
  INTO edited, edited_columns, stock_moves FROM pairs;
  payload := concat_ws(' ', 'edit:' || edited, 'columns:' || edited_columns, 'stock:' || stock_moves);
  IF payload = '' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed', CASE WHEN octet_length(payload) <= 7900 THEN payload ELSE '' END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_updated_changed AFTER UPDATE ON products
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_updated();
--> statement-breakpoint
-- Pictures, options, their values and reviews are shown only on their products' pages and rows: a
-- statement names the products whose part it changed, and one that changed no row sends nothing (a
-- product save deletes the options it no longer has, often none).
CREATE FUNCTION catalogue_product_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The part as the notice names it: images, options or reviews
  part CONSTANT text := TG_ARGV[0];
  ids text;
BEGIN
  IF TG_TABLE_NAME = 'product_option_values' THEN
    SELECT string_agg(DISTINCT o.product_id::text, ',') INTO ids
    FROM changed_rows c JOIN product_options o ON o.id = c.option_id;
  ELSE
    SELECT string_agg(DISTINCT product_id::text, ',') INTO ids FROM changed_rows;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('catalogue_changed',
    CASE WHEN octet_length(ids) <= 7900 THEN 'edit:' || ids || ' columns:' || part ELSE '' END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Transition tables take one event per trigger; TRUNCATE keeps the statement trigger (anything).
DO $$
DECLARE
  part_table text;
  part text;
BEGIN
  FOREACH part_table IN ARRAY ARRAY['product_images', 'product_options', 'product_option_values', 'reviews'] LOOP
    part := CASE part_table WHEN 'product_images' THEN 'images' WHEN 'reviews' THEN 'reviews' ELSE 'options' END;
    EXECUTE format('DROP TRIGGER %I ON %I', part_table || '_changed', part_table);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()',
      part_table || '_changed', part_table);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_part_changed(%L)', part_table || '_inserted_shown', part_table, part);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_part_changed(%L)', part_table || '_updated_shown', part_table, part);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_part_changed(%L)', part_table || '_deleted_shown', part_table, part);
  END LOOP;
END
$$;
