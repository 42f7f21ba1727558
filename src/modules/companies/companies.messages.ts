// The logo's limits and the module's messages, free of zod: the endpoints (companies.endpoints.ts) and the companies
// page read them without loading the contract's schemas.
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

export const companiesMessages = {
  ibanTaken: 'Цей IBAN уже належить іншій компанії',
  logoTooLarge: 'Логотип має бути не більше 1 МБ',
  logoType: 'Логотип має бути зображенням PNG, JPEG або SVG',
  noLogo: 'Логотип не завантажено',
  logoSaved: 'Логотип збережено',
  logoRemoved: 'Логотип видалено',
} as const;
