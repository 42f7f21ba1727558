CREATE TABLE "commerceml_exchange_files" (
	"session_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerceml_exchange_files_session_id_file_name_pk" PRIMARY KEY("session_id","file_name")
);
