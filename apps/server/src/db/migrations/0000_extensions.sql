-- Trigram similarity for typo-tolerant search (drizzle-kit never writes CREATE EXTENSION itself).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
