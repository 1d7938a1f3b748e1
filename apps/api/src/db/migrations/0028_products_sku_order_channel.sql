-- Where a sale was made; every order so far came through the web shop.
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" in ('web', 'phone', 'whatsapp', 'showroom'));--> statement-breakpoint
-- Each product gets the store's own code, numbered in the order the products were added.
CREATE SEQUENCE "products_sku_seq";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "products" SET "sku" = numbered."sku"
  FROM (SELECT "id", 'CL-' || lpad(nextval('products_sku_seq')::text, 6, '0') AS "sku"
          FROM (SELECT "id" FROM "products" ORDER BY "id") AS by_id) AS numbered
 WHERE numbered."id" = "products"."id";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET DEFAULT 'CL-' || lpad(nextval('products_sku_seq')::text, 6, '0');--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_key" UNIQUE("sku");
