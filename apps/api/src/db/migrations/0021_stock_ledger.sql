CREATE TABLE "back_in_stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"city" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_kind_known" CHECK ("locations"."kind" in ('warehouse', 'showroom', 'workshop'))
);
--> statement-breakpoint
CREATE TABLE "order_stock_takes" (
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_stock_takes_order_id_product_id_location_id_pk" PRIMARY KEY("order_id","product_id","location_id"),
	CONSTRAINT "order_stock_takes_positive" CHECK ("order_stock_takes"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_levels_product_id_location_id_pk" PRIMARY KEY("product_id","location_id"),
	CONSTRAINT "stock_levels_never_negative" CHECK ("stock_levels"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"reference_kind" text,
	"reference_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_delta_not_zero" CHECK ("stock_movements"."delta" <> 0),
	CONSTRAINT "stock_movements_reason_known" CHECK ("stock_movements"."reason" in ('opening', 'sale', 'cancel', 'return', 'adjustment', 'transfer', 'count', 'production', 'write_off')),
	CONSTRAINT "stock_movements_reference_whole" CHECK (("stock_movements"."reference_kind" is null) = ("stock_movements"."reference_id" is null))
);
--> statement-breakpoint
CREATE TABLE "stock_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_stock_threshold" integer NOT NULL,
	CONSTRAINT "stock_settings_single_row" CHECK ("stock_settings"."id" = 1),
	CONSTRAINT "stock_settings_threshold_range" CHECK ("stock_settings"."low_stock_threshold" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stock_takes" ADD CONSTRAINT "order_stock_takes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stock_takes" ADD CONSTRAINT "order_stock_takes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stock_takes" ADD CONSTRAINT "order_stock_takes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_waiting_key" ON "back_in_stock_requests" USING btree ("user_id","product_id") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_product_idx" ON "back_in_stock_requests" USING btree ("product_id") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_key" ON "locations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_location_idx" ON "stock_movements" USING btree ("location_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_range" CHECK ("products"."low_stock_threshold" between 0 and 10000);--> statement-breakpoint
-- One location to start with: a shop that never adds a second sees no change.
INSERT INTO "locations" ("name", "kind", "city")
VALUES ('Main store', 'warehouse', coalesce((SELECT "city" FROM "delivery_zones" ORDER BY "id" LIMIT 1), 'Lahore'));--> statement-breakpoint
INSERT INTO "stock_movements" ("product_id", "location_id", "delta", "reason")
SELECT "id", (SELECT min("id") FROM "locations"), "stock", 'opening' FROM "products" WHERE "stock" > 0 ORDER BY "id";--> statement-breakpoint
INSERT INTO "stock_levels" ("product_id", "location_id", "quantity")
SELECT "id", (SELECT min("id") FROM "locations"), "stock" FROM "products" WHERE "stock" > 0;--> statement-breakpoint
-- What open orders hold came from the one location there was.
INSERT INTO "order_stock_takes" ("order_id", "product_id", "location_id", "quantity")
SELECT i."order_id", i."product_id", (SELECT min("id") FROM "locations"), sum(i."stock_taken")
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
WHERE i."product_id" IS NOT NULL AND o."status" <> 'Cancelled'
GROUP BY i."order_id", i."product_id"
HAVING sum(i."stock_taken") > 0;--> statement-breakpoint
-- A movement moves the stock at its location and the product's total. A change made on the product's
-- own stock column (the product form, a script) is written as a movement at the first location, by
-- the actor the session names; its total is already set.
CREATE FUNCTION stock_movements_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('store.stock_direct', true), '') <> 'on' THEN
    PERFORM set_config('store.stock_ledger', 'on', true);
    UPDATE "products" SET "stock" = "stock" + NEW."delta" WHERE "id" = NEW."product_id";
    PERFORM set_config('store.stock_ledger', '', true);
  END IF;
  -- Not an upsert: its insert half would be checked (and refused) for a negative delta.
  UPDATE "stock_levels" SET "quantity" = "quantity" + NEW."delta"
  WHERE "product_id" = NEW."product_id" AND "location_id" = NEW."location_id";
  IF NOT FOUND THEN
    INSERT INTO "stock_levels" ("product_id", "location_id", "quantity")
    VALUES (NEW."product_id", NEW."location_id", NEW."delta");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_applied AFTER INSERT ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION stock_movements_apply();--> statement-breakpoint
CREATE FUNCTION products_stock_ledgered() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change integer := CASE TG_OP WHEN 'INSERT' THEN NEW."stock" ELSE NEW."stock" - OLD."stock" END;
BEGIN
  IF change = 0 OR coalesce(current_setting('store.stock_ledger', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('store.stock_direct', 'on', true);
  INSERT INTO "stock_movements" ("product_id", "location_id", "delta", "reason", "actor_id")
  VALUES (NEW."id", (SELECT min("id") FROM "locations"), change,
    CASE TG_OP WHEN 'INSERT' THEN 'opening' ELSE 'count' END,
    nullif(coalesce(current_setting('store.actor_id', true), ''), '')::integer);
  PERFORM set_config('store.stock_direct', '', true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_stock_ledgered AFTER INSERT OR UPDATE OF "stock" ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_stock_ledgered();--> statement-breakpoint
-- A movement is history, as the audit log is: never edited, deleted only with its product. A deleted
-- account only loses its name on the movements it made.
CREATE FUNCTION stock_movements_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "products" WHERE "id" = OLD."product_id") THEN
      RAISE EXCEPTION 'a stock movement is never deleted' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF (NEW."product_id", NEW."location_id", NEW."delta", NEW."reason", NEW."reference_kind", NEW."reference_id",
      NEW."note", NEW."created_at")
     IS DISTINCT FROM (OLD."product_id", OLD."location_id", OLD."delta", OLD."reason", OLD."reference_kind",
      OLD."reference_id", OLD."note", OLD."created_at")
     OR (NEW."actor_id" IS DISTINCT FROM OLD."actor_id" AND NEW."actor_id" IS NOT NULL) THEN
    RAISE EXCEPTION 'a stock movement is never edited' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_history BEFORE UPDATE OR DELETE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION stock_movements_guard();
