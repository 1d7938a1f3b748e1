-- A user's sessions end on every process at once (issue 34): disabling an account, deleting it,
-- changing its role or ending its sessions (a password reset or change) NOTIFYs `sessions_ended` with
-- the user's id, and each process ends the event streams that user holds open (lib/live-events.ts),
-- since access is checked when a stream opens only. Sent on commit, so a refused change tells nobody.
CREATE FUNCTION users_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_ended', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_sessions_ended_update AFTER UPDATE OF is_active, role, sessions_valid_after ON users
FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.role IS DISTINCT FROM NEW.role
  OR OLD.sessions_valid_after IS DISTINCT FROM NEW.sessions_valid_after)
EXECUTE FUNCTION users_sessions_ended();
--> statement-breakpoint
CREATE TRIGGER users_sessions_ended_delete AFTER DELETE ON users
FOR EACH ROW EXECUTE FUNCTION users_sessions_ended();
