// What the chart toolkit itself says (the pages name their charts and columns in their own messages).
export const chartMessages = {
  /** The hidden table's column of a pie slice's share of the whole. */
  share: 'Частка',
  /** A value a chart has no figure for (a rate without a base). */
  none: '—',
} as const;
