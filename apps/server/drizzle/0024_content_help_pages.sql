CREATE TABLE "help_page_overrides" (
	"page" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_page_overrides_page_locale_pk" PRIMARY KEY("page","locale")
);
