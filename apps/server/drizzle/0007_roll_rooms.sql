CREATE TABLE "roll_entries" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roll_entries_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_items" DROP CONSTRAINT "user_items_status_ck";--> statement-breakpoint
CREATE INDEX "roll_entries_user_idx" ON "roll_entries" USING btree ("user_id","room_id");--> statement-breakpoint
CREATE INDEX "roll_entries_room_time_idx" ON "roll_entries" USING btree ("room_id","joined_at");--> statement-breakpoint
ALTER TABLE "user_items" ADD CONSTRAINT "user_items_status_ck" CHECK ("user_items"."status" between 0 and 5);