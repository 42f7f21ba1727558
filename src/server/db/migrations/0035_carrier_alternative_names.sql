ALTER TABLE "carriers" ADD COLUMN "alternative_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The seeded carriers of an existing database get the names a new one is seeded with (reference-data.md §10).
UPDATE "carriers" SET "alternative_names" = '{НП,Nova Poshta,Novaposhta}' WHERE "kind" = 'nova_poshta' AND lower("name") = 'нова пошта' AND "alternative_names" = '{}';--> statement-breakpoint
UPDATE "carriers" SET "alternative_names" = '{Укр пошта,Ukrposhta}' WHERE "kind" = 'ukrposhta' AND lower("name") = 'укрпошта' AND "alternative_names" = '{}';
