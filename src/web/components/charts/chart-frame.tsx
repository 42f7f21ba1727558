// The frame every chart of the toolkit draws in: a figure named for assistive technology, a responsive box that
// takes its width from the layout (legible from a 390 px phone up), the theme's colours as CSS variables (so the
// dark theme recolours the series), and the chart's data as a visually hidden table for screen readers.
import type { ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { cn } from '@/web/lib/utils.ts';

/**
 * The series colours: --chart-1 … --chart-6, the first the theme's primary, each with a dark-theme tone. A chart
 * paints with `chartColor(i)`; axes, grid and tooltip use the theme's own variables (`chartTheme`).
 */
const paletteClass = cn(
  '[--chart-1:var(--primary)]',
  '[--chart-2:oklch(0.6_0.14_162)] dark:[--chart-2:oklch(0.72_0.14_162)]',
  '[--chart-3:oklch(0.7_0.15_70)] dark:[--chart-3:oklch(0.8_0.14_75)]',
  '[--chart-4:oklch(0.58_0.2_25)] dark:[--chart-4:oklch(0.7_0.17_25)]',
  '[--chart-5:oklch(0.55_0.18_300)] dark:[--chart-5:oklch(0.72_0.15_300)]',
  '[--chart-6:oklch(0.6_0.11_220)] dark:[--chart-6:oklch(0.74_0.11_220)]',
);
export const CHART_COLORS = 6;
export const chartColor = (index: number) => `var(--chart-${(index % CHART_COLORS) + 1})`;

/** The theme's colours for the parts around the data. */
export const chartTheme = {
  axis: 'var(--muted-foreground)',
  grid: 'var(--border)',
  tooltip: {
    contentStyle: {
      background: 'var(--popover)',
      border: '1px solid var(--border)',
      borderRadius: 'var(--radius)',
      color: 'var(--popover-foreground)',
      fontSize: 12,
    },
    labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
    itemStyle: { color: 'var(--popover-foreground)' },
    cursor: { fill: 'var(--accent)', opacity: 0.5 },
  },
  tick: { fill: 'var(--muted-foreground)', fontSize: 11 },
} as const;

/** The hidden table of a chart: a caption, the header row and the rows as their formatted texts. */
export interface ChartTable {
  caption: string;
  headers: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}

export function ChartDataTable({ caption, headers, rows }: ChartTable) {
  // The box is what hides the table: a table's own width is only its minimum, so `sr-only` on the table itself
  // would still stretch the page sideways by its widest row.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, ...values], i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {values.map((value, j) => (
                <td key={j}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ChartFrame({
  title,
  table,
  height = 260,
  className,
  children,
}: {
  /** Names the chart for assistive technology (the visible title is the card's). */
  title: string;
  table: ChartTable;
  height?: number;
  className?: string;
  /** One Recharts chart element (BarChart, LineChart, PieChart, ComposedChart). */
  children: ReactNode;
}) {
  return (
    <figure className={cn('m-0 min-w-0', paletteClass, className)}>
      {/* The drawing is decoration for screen readers: the hidden table says the same. */}
      <div className="w-full min-w-0 overflow-hidden" role="img" aria-label={title} style={{ height }}>
        <ResponsiveContainer width="100%" height={height} minWidth={0} initialDimension={{ width: 320, height }}>
          {children}
        </ResponsiveContainer>
      </div>
      <ChartDataTable {...table} />
    </figure>
  );
}
