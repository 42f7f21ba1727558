CREATE TABLE "document_line_serials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_line_serials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_type" text NOT NULL,
	"document_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"serial" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_line_serials_document_idx" ON "document_line_serials" USING btree ("document_type","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_line_serials_line_serial_key" ON "document_line_serials" USING btree ("document_type","line_id","serial");