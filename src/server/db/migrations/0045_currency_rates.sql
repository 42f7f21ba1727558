CREATE TABLE "integration_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"integration" text NOT NULL,
	"trigger" text NOT NULL,
	"ok" boolean NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "currency_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"currency_code" text NOT NULL,
	"date" date NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "integration_runs_integration_idx" ON "integration_runs" USING btree ("integration","id");--> statement-breakpoint
CREATE UNIQUE INDEX "currency_rates_code_date_key" ON "currency_rates" USING btree ("currency_code","date");--> statement-breakpoint
CREATE INDEX "currency_rates_date_idx" ON "currency_rates" USING btree ("date");