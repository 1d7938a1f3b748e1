-- A cart line chooses one value of every option of its product (cart_items.option_value_ids). When an
-- edit of the options breaks that, the line is dropped in the same transaction, whatever wrote the
-- edit: a chosen value deleted (also with its option), a chosen value moved to another option, or an
-- option added that the line has not chosen. Label and price changes keep the line; it shows and costs
-- what the catalogue says now, as a product's own price does.
CREATE FUNCTION cart_lines_drop_deleted_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cart_items WHERE option_value_ids && ARRAY(SELECT id FROM deleted);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_option_values_deleted AFTER DELETE ON product_option_values
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION cart_lines_drop_deleted_values();
--> statement-breakpoint
CREATE FUNCTION cart_lines_drop_moved_value() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cart_items WHERE option_value_ids @> ARRAY[NEW.id];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_option_values_moved AFTER UPDATE OF option_id ON product_option_values
FOR EACH ROW WHEN (OLD.option_id IS DISTINCT FROM NEW.option_id) EXECUTE FUNCTION cart_lines_drop_moved_value();
--> statement-breakpoint
CREATE FUNCTION cart_lines_drop_for_new_options() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cart_items WHERE product_id IN (SELECT product_id FROM inserted);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_options_inserted AFTER INSERT ON product_options
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION cart_lines_drop_for_new_options();
