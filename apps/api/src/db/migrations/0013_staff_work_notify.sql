-- The staff's work counts (new orders, payments to check, unread messages) change with these rows.
-- The database announces it on commit to every server process (LISTEN staff_work), whichever code
-- path made the change; a rolled-back change announces nothing.
CREATE FUNCTION staff_work_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staff_work', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_staff_work AFTER INSERT OR DELETE OR UPDATE OF status, payment_status ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION staff_work_changed();--> statement-breakpoint
CREATE TRIGGER messages_staff_work AFTER INSERT OR DELETE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION staff_work_changed();--> statement-breakpoint
CREATE TRIGGER conversations_staff_work AFTER DELETE OR UPDATE OF staff_read_at ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION staff_work_changed();
