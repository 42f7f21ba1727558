// The bank notice parsers by name (sales.md §2): each a pure function of the letter's text. Open to more banks: add
// one here and it can be chosen in the mailbox settings.
import { parseUkrsibbank, type ParsedNotice } from './ukrsibbank.ts';

export type { ParsedNotice };
export const bankParsers = { ukrsibbank: parseUkrsibbank } as const;
export type BankParserName = keyof typeof bankParsers;
export const bankParserNames = Object.keys(bankParsers) as BankParserName[];
