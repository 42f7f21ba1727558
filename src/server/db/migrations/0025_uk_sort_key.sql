-- Ukrainian alphabetical order on both databases (docs/decisions/0019-ukrainian-sort-key.md).
-- uk_sort_key(text) rewrites every character whose place is known into a private-use code point (U+E000…) that
-- ascends in the order of Intl.Collator('uk'): punctuation (space _ - – — , ; : ! ? . … ' " « » ( ) [ ] { } @ * / \ & # % ` ^ + < = > | ~ $),
-- then digits, then Cyrillic А Б В Г Ґ Д Е(Ё) Є Ж З И І Ї Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я, then Latin
-- a…z (common accented letters and № with their base letter). Upper and lower case map to one code point, so the key
-- compared COLLATE "C" (code point order) is the case-insensitive Ukrainian order; ties go by the text itself, descending
-- in "C" (lower case first, as in ICU). Pure translate(): no ICU, no lower(), so it is really IMMUTABLE and the same on
-- PGlite and PostgreSQL. src/server/kernel/collation.test.ts checks it against Intl.Collator('uk') on both.
CREATE OR REPLACE FUNCTION uk_sort_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate($1,
    ' _-–—,;:!?.…''‘’ʼ"“”„«»()[]{}@*/\&#%`^+<=>|~$0123456789аАбБвВгГґҐдДеЕёЁєЄжЖзЗиИіІїЇйЙкКлЛмМнНоОпПрРсСтТуУфФхХцЦчЧшШщЩъЪыЫьЬэЭюЮяЯaAàáâãäåÀÁÂÃÄÅbBcCçÇdDeEèéêëÈÉÊËfFgGhHiIìíîïÌÍÎÏjJkKlLmMnNñÑ№oOòóôõöÒÓÔÕÖpPqQrRsStTuUùúûüÙÚÛÜvVwWxXyYýÿÝzZ',
    U&'\E000\E001\E002\E003\E004\E005\E006\E007\E008\E009\E00A\E00B\E00C\E00C\E00C\E00C\E00D\E00D\E00D\E00D\E00E\E00F\E010\E011\E012\E013\E014\E015\E016\E017\E018\E019\E01A\E01B\E01C\E01D\E01E\E01F\E020\E021\E022\E023\E024\E025\E030\E031\E032\E033\E034\E035\E036\E037\E038\E039\E040\E040\E041\E041\E042\E042\E043\E043\E044\E044\E045\E045\E046\E046\E046\E046\E047\E047\E048\E048\E049\E049\E04A\E04A\E04B\E04B\E04C\E04C\E04D\E04D\E04E\E04E\E04F\E04F\E050\E050\E051\E051\E052\E052\E053\E053\E054\E054\E055\E055\E056\E056\E057\E057\E058\E058\E059\E059\E05A\E05A\E05B\E05B\E05C\E05C\E05D\E05D\E05E\E05E\E05F\E05F\E060\E060\E061\E061\E062\E062\E063\E063\E070\E070\E070\E070\E070\E070\E070\E070\E070\E070\E070\E070\E070\E070\E071\E071\E072\E072\E072\E072\E073\E073\E074\E074\E074\E074\E074\E074\E074\E074\E074\E074\E075\E075\E076\E076\E077\E077\E078\E078\E078\E078\E078\E078\E078\E078\E078\E078\E079\E079\E07A\E07A\E07B\E07B\E07C\E07C\E07D\E07D\E07D\E07D\E07D\E07E\E07E\E07E\E07E\E07E\E07E\E07E\E07E\E07E\E07E\E07E\E07E\E07F\E07F\E080\E080\E081\E081\E082\E082\E083\E083\E084\E084\E084\E084\E084\E084\E084\E084\E084\E084\E085\E085\E086\E086\E087\E087\E088\E088\E088\E088\E088\E089\E089')
$$;--> statement-breakpoint
-- The paged lists sorted by name read a page from these (DESIGN §9): key, then the text (descending), then id.
CREATE INDEX "items_name_uk_idx" ON "items" USING btree ((uk_sort_key("name") COLLATE "C"), "name" COLLATE "C" DESC, "id");--> statement-breakpoint
CREATE INDEX "counterparties_name_uk_idx" ON "counterparties" USING btree ((uk_sort_key("name") COLLATE "C"), "name" COLLATE "C" DESC, "id");
