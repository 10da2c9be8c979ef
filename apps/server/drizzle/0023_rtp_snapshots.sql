CREATE TABLE "rtp_snapshots" (
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "rtp_snapshots_day_kind_subject_pk" PRIMARY KEY("day","kind","subject")
);
--> statement-breakpoint
CREATE INDEX "box_openings_created_idx" ON "box_openings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upgrade_records_created_idx" ON "upgrade_records" USING btree ("created_at");