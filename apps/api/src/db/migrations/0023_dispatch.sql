-- Delivery days and dispatch (issue 33): the order's day, floor, lift and assembly with their fees,
-- the store's holidays and fees, the vans' runs and their stops, and the cash drivers hand in. The
-- new staff role `delivery` drives runs.
CREATE TABLE "assembly_fees" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	CONSTRAINT "assembly_fees_positive" CHECK ("assembly_fees"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_hand_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"received_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_hand_ins_amount_positive" CHECK ("cash_hand_ins"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"vehicle" text NOT NULL,
	"driver_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"holidays" date[] DEFAULT '{}' NOT NULL,
	"floor_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "delivery_settings_single_row" CHECK ("delivery_settings"."id" = 1),
	CONSTRAINT "delivery_settings_floor_fee_positive" CHECK ("delivery_settings"."floor_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"cash_collected" numeric(12, 2),
	"note" text DEFAULT '' NOT NULL,
	"failed_reason" text DEFAULT '' NOT NULL,
	"photo_content_type" text,
	"photo_bytes" "bytea",
	"done_at" timestamp with time zone,
	CONSTRAINT "delivery_stops_status_known" CHECK ("delivery_stops"."status" in ('planned', 'delivered', 'failed')),
	CONSTRAINT "delivery_stops_cash_positive" CHECK ("delivery_stops"."cash_collected" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_is_sum";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembly_fee" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "floor_fee" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "floor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assembly_fees" ADD CONSTRAINT "assembly_fees_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_hand_ins" ADD CONSTRAINT "cash_hand_ins_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_hand_ins" ADD CONSTRAINT "cash_hand_ins_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_runs" ADD CONSTRAINT "delivery_runs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_runs" ADD CONSTRAINT "delivery_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_run_id_delivery_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."delivery_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_hand_ins_driver_idx" ON "cash_hand_ins" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_runs_date_idx" ON "delivery_runs" USING btree ("date","driver_id");--> statement-breakpoint
CREATE INDEX "delivery_stops_run_idx" ON "delivery_stops" USING btree ("run_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_stops_order_live_key" ON "delivery_stops" USING btree ("order_id") WHERE "delivery_stops"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "orders_delivery_date_idx" ON "orders" USING btree ("delivery_date");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_floor_range" CHECK ("orders"."floor" between 0 and 60);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_is_sum" CHECK ("orders"."total_price" = "orders"."subtotal" - "orders"."discount" + "orders"."delivery_fee" + "orders"."cod_fee" + "orders"."assembly_fee" + "orders"."floor_fee");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('customer', 'owner', 'manager', 'catalogue', 'orders', 'support', 'delivery'));--> statement-breakpoint
INSERT INTO "delivery_settings" ("id") VALUES (1);--> statement-breakpoint
-- Orders still on their way get the earliest day of their estimate, or today when that has passed
-- (today's board also holds every order whose day has passed), so the board shows them.
UPDATE "orders" SET "delivery_date" = greatest("eta_min_date", (now() at time zone 'Asia/Karachi')::date)
WHERE "status" IN ('Pending', 'Processing', 'Shipped');
