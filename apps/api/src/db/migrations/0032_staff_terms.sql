ALTER TABLE "orders" ADD COLUMN "staff_discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "staff_delivery_fee" numeric(12, 2);