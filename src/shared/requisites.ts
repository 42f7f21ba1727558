// Validators for Ukrainian requisites (ЄДРПОУ, РНОКПП, passport, ІПН платника ПДВ, UA IBAN, phone, e-mail,
// barcode, УКТ ЗЕД, colour). Isomorphic: no Node or browser APIs, no dependencies. Every `check*` function takes
// raw user input, never throws and returns a discriminated result; callers (zod, forms, imports) wrap it.

export type Check<T = string> = { ok: true; value: T; warning?: string } | { ok: false; error: string };

export type LegalForm = 'legal_entity' | 'sole_proprietor' | 'individual' | 'foreign';
export type TaxIdKind = 'rnokpp' | 'passport';

const MSG = {
  edrpouFormat: 'ЄДРПОУ має містити 8 цифр',
  edrpouCheck: 'Невірна контрольна цифра ЄДРПОУ',
  edrpouWarning:
    'Контрольну цифру ЄДРПОУ прийнято за 0, бо залишок дорівнює 10 і після повторного обчислення — перевірте код',
  rnokppFormat: 'РНОКПП має містити 10 цифр',
  rnokppCheck: 'Невірна контрольна цифра РНОКПП',
  passportFormat: 'Номер паспорта має містити 2 великі літери кирилицею і 6 цифр або 9 цифр (ID-картка)',
  vatFormat: 'ІПН платника ПДВ має містити 12 цифр (або 10 цифр РНОКПП для ФОП)',
  ibanFormat: 'IBAN має починатися з UA і містити 29 символів',
  ibanCheck: 'Невірна контрольна сума IBAN',
  phoneFormat: 'Телефон має бути у форматі +380XXXXXXXXX',
  phoneForeignFormat: 'Іноземний телефон має бути у форматі +<код країни><номер> (від 8 до 15 цифр)',
  emailSingle: 'Вкажіть одну адресу e-mail',
  emailFormat: 'Неправильна адреса e-mail',
  barcodeCheck: 'Невірна контрольна цифра штрих-коду',
  barcodeFormat: 'Штрих-код має містити від 1 до 48 друкованих символів ASCII',
  uktzedFormat: 'Код УКТ ЗЕД має містити від 4 до 10 цифр',
  colorFormat: 'Колір має бути у форматі #RRGGBB',
  foreignTaxIdFormat: 'Податковий номер нерезидента має містити від 1 до 30 друкованих символів',
  legalFormUnknown: 'Невідома організаційно-правова форма',
} as const;

const ok = <T>(value: T, warning?: string): Check<T> =>
  warning === undefined ? { ok: true, value } : { ok: true, value, warning };
const fail = <T = string>(error: string): Check<T> => ({ ok: false, error });

// Runtime guard: the signatures say `string`, but form and import data may still hand us null/undefined/numbers.
const text = (input: unknown): string => (typeof input === 'string' ? input : '');
const digitsOf = (s: string): number[] => Array.from(s, (ch) => ch.charCodeAt(0) - 48);
const weighted = (digits: readonly number[], weights: readonly number[]): number =>
  weights.reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0);

// ---------------------------------------------------------------------------------------------------------------
// ЄДРПОУ

const EDRPOU_WEIGHTS_LOW = [1, 2, 3, 4, 5, 6, 7] as const;
const EDRPOU_WEIGHTS_MID = [7, 1, 2, 3, 4, 5, 6] as const;

/** 8 digits, kept as text (leading zeros stay). Only surrounding whitespace is trimmed. */
export function checkEdrpou(input: string): Check {
  const code = text(input).trim();
  if (!/^\d{8}$/.test(code)) return fail(MSG.edrpouFormat);
  const numeric = Number(code);
  const base = numeric >= 30_000_000 && numeric < 60_000_000 ? EDRPOU_WEIGHTS_MID : EDRPOU_WEIGHTS_LOW;
  const d = digitsOf(code);
  let s = weighted(d, base) % 11;
  let warning: string | undefined;
  if (s === 10) {
    s =
      weighted(
        d,
        base.map((w) => w + 2),
      ) % 11;
    if (s === 10) {
      s = 0;
      warning = MSG.edrpouWarning;
    }
  }
  return s === d[7] ? ok(code, warning) : fail(MSG.edrpouCheck);
}

// ---------------------------------------------------------------------------------------------------------------
// РНОКПП (ІПН фізичної особи) and passport

const RNOKPP_WEIGHTS = [-1, 5, 7, 9, 4, 6, 10, 5, 7] as const;

/** 10 digits; the 10th is ((s mod 11) + 11) mod 11 mod 10. Only surrounding whitespace is trimmed. */
export function checkRnokpp(input: string): Check {
  const code = text(input).trim();
  if (!/^\d{10}$/.test(code)) return fail(MSG.rnokppFormat);
  const d = digitsOf(code);
  const s = weighted(d, RNOKPP_WEIGHTS);
  const check = (((s % 11) + 11) % 11) % 10;
  return check === d[9] ? ok(code) : fail(MSG.rnokppCheck);
}

// Capital letters of the Ukrainian alphabet (passport series use only these).
const UA_CAPITALS = 'АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ';
const PASSPORT_BOOK = new RegExp(`^[${UA_CAPITALS}]{2}\\d{6}$`);

/**
 * Passport of a person without РНОКПП: a booklet (2 Cyrillic capital letters + 6 digits, e.g. 'АБ123456') or an
 * ID card (9 digits). Whitespace is removed and letters are uppercased; Latin look-alikes are NOT converted.
 */
export function checkPassport(input: string): Check {
  const value = text(input).replace(/\s+/g, '').toUpperCase();
  if (PASSPORT_BOOK.test(value) || /^\d{9}$/.test(value)) return ok(value);
  return fail(MSG.passportFormat);
}

// ---------------------------------------------------------------------------------------------------------------
// ІПН платника ПДВ

/** 12 digits (legal entity; no check digit is verified) or a 10-digit РНОКПП of a ФОП (check digit verified). */
export function checkVatNumber(input: string): Check {
  const code = text(input).trim();
  if (/^\d{12}$/.test(code)) return ok(code);
  if (/^\d{10}$/.test(code)) return checkRnokpp(code);
  return fail(MSG.vatFormat);
}

// ---------------------------------------------------------------------------------------------------------------
// IBAN (UA)

const UA_IBAN = /^UA\d{2}\d{6}[0-9A-Z]{19}$/;

const normaliseIban = (input: unknown): string => text(input).replace(/\s+/g, '').toUpperCase();

// ISO 7064 mod 97-10 over the rearranged IBAN, letters expanded to 10..35; done digit by digit so no BigInt is needed.
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48; // 'A' → 10 … 'Z' → 35; '0'..'9' → 0..9
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** Spaces removed, uppercased; UA + 2 check digits + 6-digit МФО + 19 characters (29 in total); mod-97 = 1. */
export function checkIbanUa(input: string): Check {
  const iban = normaliseIban(input);
  if (!UA_IBAN.test(iban)) return fail(MSG.ibanFormat);
  return ibanMod97(iban) === 1 ? ok(iban) : fail(MSG.ibanCheck);
}

/** The bank's МФО (6 digits after the check digits) of a valid UA IBAN, or null when the IBAN is not valid. */
export function ibanMfo(iban: string): string | null {
  const checked = checkIbanUa(iban);
  return checked.ok ? checked.value.slice(4, 10) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Phone

/**
 * Normalises to +380XXXXXXXXX. Spaces, brackets and dashes are dropped; '0XXXXXXXXX' and '380XXXXXXXXX' are
 * completed. Any other country only as E.164: '+' and 8–15 digits, the first not 0.
 */
export function normalisePhone(input: string): Check {
  const raw = text(input).replace(/[\s()[\]{}\-‐‑‒–—]/g, '');
  if (/^0\d{9}$/.test(raw)) return ok(`+38${raw}`);
  if (/^380\d{9}$/.test(raw)) return ok(`+${raw}`);
  if (/^\+380\d{9}$/.test(raw)) return ok(raw);
  if (raw.startsWith('+380') || !raw.startsWith('+')) return fail(MSG.phoneFormat);
  return /^\+[1-9]\d{7,14}$/.test(raw) ? ok(raw) : fail(MSG.phoneForeignFormat);
}

// ---------------------------------------------------------------------------------------------------------------
// E-mail

const EMAIL_LOCAL = /^[^\s@",;:<>()[\]\\]+$/;
const EMAIL_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/** Trimmed and lowercased; exactly one address (no lists separated by commas, semicolons or spaces). */
export function checkEmail(input: string): Check {
  const value = text(input).trim().toLowerCase();
  const parts = value.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0 || parts.filter((p) => p.includes('@')).length > 1) return fail(MSG.emailSingle);
  if (parts.length > 1 || value.length > 254) return fail(MSG.emailFormat);
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return fail(MSG.emailFormat);
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  const tld = labels[labels.length - 1] ?? '';
  const localOk =
    local.length <= 64 &&
    EMAIL_LOCAL.test(local) &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..');
  const domainOk =
    labels.length >= 2 &&
    labels.every((label) => label.length <= 63 && EMAIL_LABEL.test(label)) &&
    tld.length >= 2 &&
    !/^\d+$/.test(tld);
  return localOk && domainOk ? ok(value) : fail(MSG.emailFormat);
}

// ---------------------------------------------------------------------------------------------------------------
// Barcode

/**
 * GS1 check digit (EAN-8, UPC-A, EAN-13, GTIN-14) for the digits without the check digit: weights 3,1,3,… from the
 * right. A programming helper: throws RangeError when given anything but digits.
 */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  if (!/^\d+$/.test(digitsWithoutCheck)) throw new RangeError('gs1CheckDigit expects a non-empty string of digits');
  const d = digitsOf(digitsWithoutCheck);
  let sum = 0;
  for (let i = 0; i < d.length; i++) sum += (d[d.length - 1 - i] ?? 0) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * In-store EAN-13 for an item without its own barcode: '2' + '00' + itemId padded to 9 digits + GS1 check digit.
 * Throws RangeError unless itemId is an integer 0…999 999 999.
 */
export function internalEan13(itemId: number): string {
  if (!Number.isSafeInteger(itemId) || itemId < 0 || itemId > 999_999_999) {
    throw new RangeError('internalEan13 expects an integer item id from 0 to 999999999');
  }
  const body = `200${String(itemId).padStart(9, '0')}`;
  return body + String(gs1CheckDigit(body));
}

/** 8, 12, 13 or 14 digits: the GS1 check digit must match. Otherwise 1–48 printable ASCII characters (Code 128). */
export function checkBarcode(input: string): Check {
  const value = text(input).trim();
  if (/^(?:\d{8}|\d{12,14})$/.test(value)) {
    return gs1CheckDigit(value.slice(0, -1)) === Number(value.slice(-1)) ? ok(value) : fail(MSG.barcodeCheck);
  }
  return /^[\x20-\x7E]{1,48}$/.test(value) ? ok(value) : fail(MSG.barcodeFormat);
}

// ---------------------------------------------------------------------------------------------------------------
// УКТ ЗЕД, colour

/** 4–10 digits; spaces (as in '8471 30 00 00') are removed. */
export function checkUktzed(input: string): Check {
  const code = text(input).replace(/\s+/g, '');
  return /^\d{4,10}$/.test(code) ? ok(code) : fail(MSG.uktzedFormat);
}

/** '#RRGGBB' (trimmed); returned in lowercase, as <input type="color"> gives it. */
export function checkColor(input: string): Check {
  const value = text(input).trim();
  return /^#[0-9a-fA-F]{6}$/.test(value) ? ok(value.toLowerCase()) : fail(MSG.colorFormat);
}

// ---------------------------------------------------------------------------------------------------------------
// Tax id by legal form

/**
 * legal_entity → ЄДРПОУ; sole_proprietor / individual → РНОКПП, or passport when taxIdKind is 'passport';
 * foreign → any 1–30 printable characters (trimmed; control and invisible format characters are rejected).
 * taxIdKind is ignored for legal_entity and foreign.
 */
export function checkTaxId(kind: LegalForm, input: string, taxIdKind: TaxIdKind = 'rnokpp'): Check {
  switch (kind) {
    case 'legal_entity':
      return checkEdrpou(input);
    case 'sole_proprietor':
    case 'individual':
      return taxIdKind === 'passport' ? checkPassport(input) : checkRnokpp(input);
    case 'foreign': {
      const value = text(input).trim();
      return /^[^\p{C}]{1,30}$/u.test(value) ? ok(value) : fail(MSG.foreignTaxIdFormat);
    }
    default:
      return fail(MSG.legalFormUnknown); // unreachable for typed callers; untyped data must not throw
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Generated valid codes (demo data, the registry test suite, the bench data generator)

/** A valid ЄДРПОУ derived from n (distinct for n below 1 000 000), below 30 000 000. */
export function sampleEdrpou(n: number): string {
  const body = String(1_000_000 + ((n * 3) % 1_999_999));
  for (let d = 0; d <= 9; d++) {
    const code = `${body}${d}`;
    const result = checkEdrpou(code);
    if (result.ok && result.warning === undefined) return code;
  }
  return sampleEdrpou(n + 1_000_000); // the rare body whose check needs the warning rule
}

/** A valid РНОКПП derived from n. */
export function sampleRnokpp(n: number): string {
  const body = String(200_000_000 + ((n * 13) % 700_000_000)).padStart(9, '0');
  for (let d = 0; d <= 9; d++) {
    if (checkRnokpp(`${body}${d}`).ok) return `${body}${d}`;
  }
  throw new RangeError('no check digit'); // unreachable: exactly one digit fits
}

/** A valid UA IBAN for a bank code (МФО) and an account number derived from n. */
export function sampleIbanUa(mfo: string, n: number): string {
  const account = String(2600_0000_0000_0000_000n + BigInt(n)).padStart(19, '0');
  for (let c = 2; c <= 98; c++) {
    const iban = `UA${String(c).padStart(2, '0')}${mfo}${account}`;
    if (checkIbanUa(iban).ok) return iban;
  }
  throw new RangeError('no check digits'); // unreachable: one pair of check digits fits
}
