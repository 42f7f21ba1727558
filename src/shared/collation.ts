// Ukrainian alphabetical order in the browser and in server code (docs/decisions/0019): one comparer, the same
// order as the database's uk_sort_key() — А Б В Г Ґ Д Е Є Ж З И І Ї Й …, case-insensitive, digits before letters.
const collator = new Intl.Collator('uk');

/** Compares two texts in Ukrainian alphabetical order: `names.sort(compareUk)`. */
export function compareUk(a: string, b: string): number {
  return collator.compare(a, b);
}
