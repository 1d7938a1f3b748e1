-- Issue 30: claims after delivery (lines, private evidence, history), the returns policy, and requests to cancel a confirmed order.
CREATE TABLE "cancellation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"fee_percent" integer NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"refund" numeric(12, 2) NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "cancellation_requests_status_known" CHECK ("cancellation_requests"."status" in ('pending', 'approved', 'refused')),
	CONSTRAINT "cancellation_requests_amounts" CHECK ("cancellation_requests"."fee" >= 0 and "cancellation_requests"."refund" >= 0)
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "claim_evidence_kind_known" CHECK ("claim_evidence"."kind" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "claim_lines" (
	"claim_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "claim_lines_claim_id_order_item_id_pk" PRIMARY KEY("claim_id","order_item_id"),
	CONSTRAINT "claim_lines_quantity_positive" CHECK ("claim_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "claim_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"damage_hours" integer DEFAULT 48 NOT NULL,
	"exchange_days" integer DEFAULT 7 NOT NULL,
	"changed_mind" boolean DEFAULT false NOT NULL,
	"made_to_order_returnable" boolean DEFAULT false NOT NULL,
	"cancellation_fee_percent" integer DEFAULT 15 NOT NULL,
	CONSTRAINT "claim_settings_single_row" CHECK ("claim_settings"."id" = 1),
	CONSTRAINT "claim_settings_ranges" CHECK ("claim_settings"."damage_hours" between 0 and 8760 and "claim_settings"."exchange_days" between 0 and 365 and "claim_settings"."cancellation_fee_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"wanted" text NOT NULL,
	"pickup_date" date,
	"resolution_kind" text,
	"refund_amount" numeric(12, 2),
	"replacement_order_id" integer,
	"restock" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_status_known" CHECK ("claims"."status" in ('requested', 'approved', 'rejected', 'pickup_scheduled', 'received', 'resolved')),
	CONSTRAINT "claims_reason_known" CHECK ("claims"."reason" in ('damaged', 'wrong_item', 'defect', 'changed_mind')),
	CONSTRAINT "claims_wanted_known" CHECK ("claims"."wanted" in ('replace', 'repair', 'refund')),
	CONSTRAINT "claims_resolved_whole" CHECK (("claims"."resolution_kind" is null) = ("claims"."status" <> 'resolved') and "claims"."resolution_kind" in ('replace', 'repair', 'refund', 'none'))
);
--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_evidence" ADD CONSTRAINT "claim_evidence_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellation_requests_order_idx" ON "cancellation_requests" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_requests_one_pending_key" ON "cancellation_requests" USING btree ("order_id") WHERE "cancellation_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claim_evidence_claim_idx" ON "claim_evidence" USING btree ("claim_id","id");--> statement-breakpoint
CREATE INDEX "claim_lines_item_idx" ON "claim_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "claims_order_idx" ON "claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "claims_user_idx" ON "claims" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);