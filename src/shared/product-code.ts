// The product-code helper of spec §3: the first 3 letters of the name, 2 letters of a second value (the category's
// name; 'GN' without one), and a random 3-digit number, uppercased (reference-data.md §16).

const lettersOf = (text: string | null | undefined) => Array.from(text ?? '').filter((ch) => /\p{L}/u.test(ch));

/** `random` is 100…999 (callers pass a random one; tests a fixed one). */
export function productCode(name: string, second: string | null | undefined, random: number): string {
  const head = lettersOf(name).slice(0, 3).join('');
  const secondLetters = lettersOf(second).slice(0, 2).join('');
  const middle = secondLetters.length === 2 ? secondLetters : 'GN';
  return `${head}${middle}${random}`.toUpperCase();
}

export const randomCodeNumber = () => 100 + Math.floor(Math.random() * 900);
