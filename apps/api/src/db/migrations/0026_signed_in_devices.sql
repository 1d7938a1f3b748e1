-- Signed-in devices (issue 34): a refresh token family becomes a session row that remembers the
-- device's user agent and address and when it was last used, so a person can see and end each one.
-- Existing families become sessions (their device unknown), so nobody is signed out by the upgrade.
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"family_id" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","last_used_at");--> statement-breakpoint
INSERT INTO "sessions" ("user_id", "created_at", "last_used_at", "ended_at", "family_id")
SELECT min("user_id"), min("created_at"), max("created_at"),
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END, "family_id"
FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "session_id" integer;--> statement-breakpoint
UPDATE "refresh_tokens" SET "session_id" = "sessions"."id" FROM "sessions" WHERE "sessions"."family_id" = "refresh_tokens"."family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "family_id";--> statement-breakpoint
DROP INDEX "refresh_tokens_family_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
-- Ending one session closes the event streams opened under it on every process (lib/live-events.ts),
-- as ending all of a user's does through `users_sessions_ended`: the payload names user and session.
CREATE FUNCTION sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_ended', NEW.user_id::text || ':' || NEW.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended_update AFTER UPDATE OF ended_at ON sessions
FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
EXECUTE FUNCTION sessions_ended();
