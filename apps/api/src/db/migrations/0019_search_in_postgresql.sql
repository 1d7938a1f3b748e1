-- Search ranks in PostgreSQL alone: the per-process search index and the version counting that kept
-- it exact (migration 0018) are gone. Typed words are corrected to the vocabulary through a trigram
-- index on search_terms instead of a read of every word.
DROP TRIGGER "products_search_inserted" ON "products";--> statement-breakpoint
DROP TRIGGER "products_search_updated" ON "products";--> statement-breakpoint
DROP TRIGGER "products_search_deleted" ON "products";--> statement-breakpoint
DROP TRIGGER "products_search_truncated" ON "products";--> statement-breakpoint
DROP FUNCTION "search_documents_changed"();--> statement-breakpoint
DROP TABLE "search_version";--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);
