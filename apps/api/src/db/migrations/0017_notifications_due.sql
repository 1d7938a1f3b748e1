-- A new outbox row wakes the notification workers (LISTEN notifications_due) when its transaction
-- commits: the database sends the notice with the insert, so no caller sends it as a statement of its
-- own, and one notice goes per transaction however many rows it queues.
CREATE FUNCTION notifications_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications_due', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_queued AFTER INSERT ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_due();
