-- A stream ticket names the access token it was issued for, so that token's logout ends the
-- stream (decision 40). Tickets live 30 seconds: the ones waiting now are dropped, not migrated.
DELETE FROM "stream_tickets";--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD COLUMN "token_id" text NOT NULL;
