-- Trigram indexes serve the lists' "contains" filters and search. PGlite loads the
-- extension's code at start (db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
