CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document");