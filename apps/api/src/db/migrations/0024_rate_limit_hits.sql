-- The rate limits' counts, shared by every process on PostgreSQL (issue 34). Unlogged: not written to the
-- WAL, so a hit costs less, and a crash loses only counts that expire within the minute anyway.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
