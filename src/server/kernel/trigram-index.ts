// The index the global search reads (src/modules/search/server/search.sql.ts). Its statements look for a fragment
// anywhere in a text with `~` and a pattern whose letters are classes of both cases ('[тТ][еЕ]…'), which no btree
// answers; pg_trgm's GIN index does: it takes the trigrams the pattern's classes allow (Cyrillic too, under a UTF-8
// ctype such as C.UTF-8) and rechecks the rows it finds, so the answer is the scan's. The extension is created by
// the migration search_trigram_indexes and loaded into every PGlite by ./pglite.ts.
import { index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** A GIN trigram index over one text column, named `<table>_<column>_trgm_idx` by the caller. */
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));
