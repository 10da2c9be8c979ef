CREATE INDEX "users_nick_name_lower_idx" ON "users" USING btree (lower("nick_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_mobile_reverse_idx" ON "users" USING btree (reverse("mobile") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_invite_user_idx" ON "users" USING btree ("invite_user_id","id");