// Plain constants, free of zod, so the pages that only need them do not pull the schema library in.
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
// As loose as the browser's type="email" on purpose: intranet addresses such as admin@localhost are real.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
