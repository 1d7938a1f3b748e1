CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_fiscal_year_pk" PRIMARY KEY("kind","fiscal_year"),
	CONSTRAINT "document_counters_last_positive" CHECK ("document_counters"."last" > 0)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"against_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"store" jsonb NOT NULL,
	"tax_total" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"balance_to_collect" numeric(12, 2),
	"pdf_key_en" text,
	"pdf_key_ur" text,
	CONSTRAINT "documents_kind_known" CHECK ("documents"."kind" in ('invoice', 'credit_note', 'delivery_challan')),
	CONSTRAINT "documents_against_credit_note" CHECK (("documents"."against_id" is not null) = ("documents"."kind" = 'credit_note')),
	CONSTRAINT "documents_challan_balance" CHECK (("documents"."balance_to_collect" is not null) = ("documents"."kind" = 'delivery_challan'))
);
--> statement-breakpoint
CREATE TABLE "store_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"ntn" text DEFAULT '' NOT NULL,
	"strn" text DEFAULT '' NOT NULL,
	"sales_tax_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"footer" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"invoice_on" text DEFAULT 'confirmed' NOT NULL,
	CONSTRAINT "store_details_single_row" CHECK ("store_details"."id" = 1),
	CONSTRAINT "store_details_tax_range" CHECK ("store_details"."sales_tax_percent" between 0 and 100),
	CONSTRAINT "store_details_invoice_on_known" CHECK ("store_details"."invoice_on" in ('confirmed', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_against_id_documents_id_fk" FOREIGN KEY ("against_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_number_key" ON "documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_sequence_key" ON "documents" USING btree ("kind","fiscal_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_one_invoice_key" ON "documents" USING btree ("order_id") WHERE "documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("order_id","id");