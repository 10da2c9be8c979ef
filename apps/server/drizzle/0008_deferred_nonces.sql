CREATE TABLE "request_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "box_open_requests" ADD COLUMN "sign_nonce" text;--> statement-breakpoint
CREATE INDEX "request_nonces_expiry_idx" ON "request_nonces" USING btree ("expires_at");