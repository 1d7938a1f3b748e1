CREATE TABLE "product_option_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"label" text NOT NULL,
	"price_delta" numeric(12, 2) NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "cart_items_cart_product_key";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "option_value_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "slug" text GENERATED ALWAYS AS (coalesce(nullif(btrim(regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g'), '-'), ''), 'category-' || "id"::text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_taken" integer;--> statement-breakpoint
-- Data step: before made-to-order pieces, a line held its whole quantity from stock, and a cancelled
-- order had already given its units back.
UPDATE "order_items" SET "stock_taken" = CASE WHEN "orders"."status" = 'Cancelled' THEN 0 ELSE "order_items"."quantity" END
FROM "orders" WHERE "orders"."id" = "order_items"."order_id";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "stock_taken" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "depth_cm" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" numeric(8, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_kg" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_time_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_option_values_option_idx" ON "product_option_values" USING btree ("option_id","position","id");--> statement-breakpoint
CREATE INDEX "product_options_product_idx" ON "product_options" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_key" ON "cart_items" USING btree ("cart_id","product_id","option_value_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ((case when "review_count" > 0 then round("rating_total"::numeric / "review_count", 1) else 0 end),"created_at","id");--> statement-breakpoint
CREATE INDEX "products_material_idx" ON "products" USING btree (lower("material"),"material");--> statement-breakpoint
CREATE INDEX "products_colour_idx" ON "products" USING btree (lower("colour"),"colour");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stock_taken_range" CHECK ("order_items"."stock_taken" between 0 and "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lead_time_range" CHECK ("products"."lead_time_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_complete" CHECK (("products"."width_cm" is null) = ("products"."depth_cm" is null) and ("products"."depth_cm" is null) = ("products"."height_cm" is null));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_measures_positive" CHECK ("products"."width_cm" > 0 and "products"."depth_cm" > 0 and "products"."height_cm" > 0 and "products"."weight_kg" > 0);