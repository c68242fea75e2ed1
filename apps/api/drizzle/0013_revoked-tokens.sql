-- Access tokens ended by a logout (docs/decisions/040-logout-ends-the-session-s-token.md), kept
-- until they would have expired. Every statement announces itself on `tokens_revoked`, so each API
-- instance drops what it knows of revocations and reads again: a logged-out token stops working
-- everywhere.
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_tokens_revoked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tokens_revoked', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_notify
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON revoked_tokens
FOR EACH STATEMENT EXECUTE FUNCTION notify_tokens_revoked();
