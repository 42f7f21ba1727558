// A period's name as a Ukrainian reader says it: a month 'березень 2026', an ISO week 'тиж. 12, 2026' (the week's
// number and its ISO year, which at the turn of a year may differ from the calendar year of its Monday).
export const MONTH_NAMES_UK = [
  'січень',
  'лютий',
  'березень',
  'квітень',
  'травень',
  'червень',
  'липень',
  'серпень',
  'вересень',
  'жовтень',
  'листопад',
  'грудень',
] as const;

/** The ISO week of a date 'yyyy-mm-dd': its number and the ISO year (the year of the week's Thursday). */
export function isoWeekOf(isoDate: string): { week: number; year: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const weekday = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  const thursday = new Date(date.getTime() + (4 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstDay = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - firstDay) / 86_400_000 / 7) + 1;
  return { week, year };
}

/** A period by its first day: 'березень 2026' for a month, 'тиж. 12, 2026' for a week; anything else as it is. */
export function formatPeriodLabelUk(isoDate: string, granularity: 'week' | 'month'): string {
  if (granularity === 'month') {
    const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(isoDate);
    const name = match ? MONTH_NAMES_UK[Number(match[2]) - 1] : undefined;
    return match && name ? `${name} ${match[1]}` : isoDate;
  }
  const week = isoWeekOf(isoDate);
  return week ? `тиж. ${week.week}, ${week.year}` : isoDate;
}
