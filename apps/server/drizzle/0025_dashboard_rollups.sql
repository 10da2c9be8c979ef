CREATE TABLE "dashboard_days" (
	"day" text NOT NULL,
	"metric" text NOT NULL,
	"subject" text NOT NULL,
	"n" bigint NOT NULL,
	"in_units" bigint NOT NULL,
	"out_units" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dashboard_days_day_metric_subject_pk" PRIMARY KEY("day","metric","subject")
);
--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recharge_orders_created_idx" ON "recharge_orders" USING btree ("created_at");