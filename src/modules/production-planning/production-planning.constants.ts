// The weeks the /production-planning page offers, and the most the API answers (zod-free: the page imports it).
export const WEEK_CHOICES = [4, 8, 12] as const;
export const MAX_WEEKS = 26;
