CREATE TABLE "email_digest_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_digest_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_key" text NOT NULL,
	"values" jsonb NOT NULL,
	"client_id" integer,
	"manager_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_rules" (
	"event_key" text PRIMARY KEY NOT NULL,
	"is_enabled" boolean NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"to_client_contacts" boolean DEFAULT false NOT NULL,
	"to_manager" boolean DEFAULT false NOT NULL,
	"subject_template" text NOT NULL,
	"body_template" text NOT NULL,
	"delivery" text DEFAULT 'immediate' NOT NULL,
	"digest_time" text DEFAULT '08:00' NOT NULL,
	"last_digest_on" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "email_digest_entries_pending_idx" ON "email_digest_entries" USING btree ("event_key","sent_at");