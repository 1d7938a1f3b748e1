CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"over_total_allowed" boolean DEFAULT false NOT NULL,
	"proof_content_type" text,
	"proof_bytes" "bytea",
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_by" integer,
	"checked_at" timestamp with time zone,
	"check_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "order_payments_kind_known" CHECK ("order_payments"."kind" in ('payment', 'refund')),
	CONSTRAINT "order_payments_method_known" CHECK ("order_payments"."method" in ('cod', 'bank_transfer', 'cash', 'card', 'wallet')),
	CONSTRAINT "order_payments_status_known" CHECK ("order_payments"."status" in ('pending', 'confirmed', 'rejected')),
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount" > 0),
	CONSTRAINT "order_payments_proof_whole" CHECK (("order_payments"."proof_content_type" is null) = ("order_payments"."proof_bytes" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"advance_percent_made_to_order" integer DEFAULT 0 NOT NULL,
	"advance_over_amount" numeric(12, 2),
	"advance_over_percent" integer,
	"cod_balance_cities" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "payment_settings_single_row" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_percent_range" CHECK ("payment_settings"."advance_percent_made_to_order" between 0 and 100),
	CONSTRAINT "payment_settings_over_whole" CHECK (("payment_settings"."advance_over_amount" is null) = ("payment_settings"."advance_over_percent" is null) and "payment_settings"."advance_over_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pending_payments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_required" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "advance_percent" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_payments_pending_idx" ON "order_payments" USING btree ("id") WHERE "order_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "order_payments_checked_idx" ON "order_payments" USING btree ("checked_at") WHERE "order_payments"."status" = 'confirmed';--> statement-breakpoint
-- Every order's payment state becomes entries, nothing lost: paid is one confirmed payment of the total
-- (when it was marked paid), refunded that and a refund by bank transfer, a submitted receipt a pending
-- bank transfer of the total, and a receipt on an order staff set back to unpaid a rejected one.
INSERT INTO "order_payments" ("order_id", "kind", "method", "amount", "status", "proof_content_type", "proof_bytes", "created_at", "checked_at")
SELECT o."id", 'payment', o."payment_method", o."total_price",
  CASE o."payment_status" WHEN 'proof_submitted' THEN 'pending' WHEN 'unpaid' THEN 'rejected' ELSE 'confirmed' END,
  p."content_type", p."bytes",
  coalesce(p."uploaded_at", paid."at", o."created_at"),
  CASE WHEN o."payment_status" IN ('paid', 'refunded') THEN coalesce(paid."at", o."created_at") END
FROM "orders" o
LEFT JOIN "payment_proofs" p ON p."order_id" = o."id"
LEFT JOIN LATERAL (
  SELECT min(e."created_at") AS "at" FROM "order_events" e WHERE e."order_id" = o."id" AND e."payment_status" = 'paid'
) paid ON true
WHERE o."payment_status" IN ('paid', 'refunded', 'proof_submitted') OR p."order_id" IS NOT NULL
ORDER BY o."id";--> statement-breakpoint
UPDATE "order_payments" SET "check_note" = 'Set back to unpaid before the payments ledger.' WHERE "status" = 'rejected';--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "kind", "method", "amount", "status", "created_at", "checked_at")
SELECT o."id", 'refund', 'bank_transfer', o."total_price", 'confirmed', coalesce(refunded."at", o."created_at"), coalesce(refunded."at", o."created_at")
FROM "orders" o
LEFT JOIN LATERAL (
  SELECT min(e."created_at") AS "at" FROM "order_events" e WHERE e."order_id" = o."id" AND e."payment_status" = 'refunded'
) refunded ON true
WHERE o."payment_status" = 'refunded'
ORDER BY o."id";--> statement-breakpoint
UPDATE "orders" o SET
  "paid_total" = CASE WHEN o."payment_status" IN ('paid', 'refunded') THEN o."total_price" ELSE 0 END,
  "refunded_total" = CASE WHEN o."payment_status" = 'refunded' THEN o."total_price" ELSE 0 END,
  "pending_payments" = CASE WHEN o."payment_status" = 'proof_submitted' THEN 1 ELSE 0 END;--> statement-breakpoint
DROP TABLE "payment_proofs" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_known";--> statement-breakpoint
-- The staff's badge counted receipts by payment status; it now follows the pending entries' count.
DROP TRIGGER orders_staff_work ON orders;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_status";--> statement-breakpoint
CREATE TRIGGER orders_staff_work AFTER INSERT OR DELETE OR UPDATE OF status, pending_payments ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION staff_work_changed();--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text GENERATED ALWAYS AS (case
          when refunded_total > 0 and refunded_total >= paid_total then 'refunded'
          when refunded_total > 0 then 'partially_refunded'
          when pending_payments > 0 and paid_total < total_price then 'proof_submitted'
          when paid_total > 0 and paid_total >= total_price then 'paid'
          when paid_total > 0 then 'partially_paid'
          else 'unpaid'
        end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_status_idx" ON "orders" USING btree ("payment_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunds_within_payments" CHECK ("orders"."refunded_total" <= "orders"."paid_total");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ledger_sums_positive" CHECK ("orders"."refunded_total" >= 0 and "orders"."pending_payments" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_advance_within_total" CHECK ("orders"."advance_required" between 0 and "orders"."total_price");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_advance_percent_range" CHECK ("products"."advance_percent" between 0 and 100);--> statement-breakpoint
-- An entry is history: it changes once, from pending to confirmed or rejected (its check filled in),
-- and goes only with its order. A deleted account only loses its name on the entries it made.
CREATE FUNCTION order_payments_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "orders" WHERE "id" = OLD."order_id") THEN
      RAISE EXCEPTION 'a payment entry is never deleted' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF (NEW."order_id", NEW."kind", NEW."method", NEW."amount", NEW."reference", NEW."note", NEW."over_total_allowed",
      NEW."proof_content_type", NEW."proof_bytes", NEW."created_at")
     IS DISTINCT FROM (OLD."order_id", OLD."kind", OLD."method", OLD."amount", OLD."reference", OLD."note",
      OLD."over_total_allowed", OLD."proof_content_type", OLD."proof_bytes", OLD."created_at")
     OR (NEW."recorded_by" IS DISTINCT FROM OLD."recorded_by" AND NEW."recorded_by" IS NOT NULL)
     OR (OLD."status" <> 'pending' AND (
          (NEW."status", NEW."checked_at", NEW."check_note") IS DISTINCT FROM (OLD."status", OLD."checked_at", OLD."check_note")
          OR (NEW."checked_by" IS DISTINCT FROM OLD."checked_by" AND NEW."checked_by" IS NOT NULL))) THEN
    RAISE EXCEPTION 'a payment entry changes only once, from pending to confirmed or rejected' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_payments_history BEFORE UPDATE OR DELETE ON "order_payments"
  FOR EACH ROW EXECUTE FUNCTION order_payments_guard();--> statement-breakpoint
-- The order's sums follow its confirmed entries. The sum is added to, never recomputed, so that two
-- writers at once each add to what the other committed; the conditional update refuses a payment past
-- the total (unless an owner or manager allowed it), the check constraint a refund past the payments.
CREATE FUNCTION order_payments_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  confirmed numeric := CASE WHEN NEW."status" = 'confirmed' AND (TG_OP = 'INSERT' OR OLD."status" <> 'confirmed')
    THEN NEW."amount" ELSE 0 END;
  pending integer := (CASE WHEN NEW."status" = 'pending' AND NEW."kind" = 'payment' THEN 1 ELSE 0 END)
    - (CASE WHEN TG_OP = 'UPDATE' AND OLD."status" = 'pending' AND OLD."kind" = 'payment' THEN 1 ELSE 0 END);
BEGIN
  IF confirmed = 0 AND pending = 0 THEN
    RETURN NULL;
  END IF;
  IF NEW."kind" = 'payment' THEN
    UPDATE "orders" SET "paid_total" = "paid_total" + confirmed, "pending_payments" = "pending_payments" + pending
    WHERE "id" = NEW."order_id" AND (confirmed = 0 OR NEW."over_total_allowed" OR "paid_total" + confirmed <= "total_price");
    IF NOT FOUND THEN
      RAISE EXCEPTION 'confirmed payments would exceed the order total'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'order_payments_within_total';
    END IF;
  ELSE
    UPDATE "orders" SET "refunded_total" = "refunded_total" + confirmed WHERE "id" = NEW."order_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_payments_summed AFTER INSERT OR UPDATE OF "status" ON "order_payments"
  FOR EACH ROW EXECUTE FUNCTION order_payments_sum();