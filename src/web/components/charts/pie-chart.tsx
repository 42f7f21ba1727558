// Shares of a whole (output by category): a doughnut with a legend under it, each slice in the palette's colour;
// the tooltip and the hidden table say each slice's exact value and its share.
import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import { ChartFrame, chartColor, chartTheme } from './chart-frame.tsx';
import { chartNumber, formatChartValue, type ChartValue } from './chart-format.ts';
import { chartMessages } from './charts.messages.ts';

export interface PieSlice {
  label: string;
  value: ChartValue;
}

/** One decimal of a percent, as text ('33,3 %'). */
function shareText(part: number, total: number): string {
  if (total <= 0) return chartMessages.none;
  return `${new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 1 }).format((part * 100) / total)} %`;
}

export function ChartPie({
  title,
  slices,
  headers,
  format = formatChartValue,
  height = 280,
  shareHeader = chartMessages.share,
}: {
  title: string;
  slices: readonly PieSlice[];
  /** The hidden table's headers of the label and value columns. */
  headers: readonly [string, string];
  format?: (value: ChartValue) => string;
  height?: number;
  shareHeader?: string;
}) {
  const numbers = slices.map((s) => chartNumber(s.value));
  const total = numbers.reduce((sum, n) => sum + n, 0);
  const data = slices.map((s, i) => ({ name: s.label, value: numbers[i]!, raw: s.value }));
  const table = {
    caption: title,
    headers: [...headers, shareHeader],
    rows: slices.map((s, i) => [s.label, format(s.value), shareText(numbers[i]!, total)]),
  };
  return (
    <ChartFrame title={title} table={table} height={height}>
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius="50%"
          outerRadius="78%"
          stroke="var(--card)"
          strokeWidth={2}
          isAnimationActive={false}
        >
          {data.map((slice, i) => (
            <Cell key={slice.name} fill={chartColor(i)} />
          ))}
        </Pie>
        <Tooltip
          {...chartTheme.tooltip}
          formatter={(value, _name, item) => {
            const raw = (item.payload as { raw: ChartValue }).raw;
            return `${format(raw)} (${shareText(Number(value), total)})`;
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: 'var(--foreground)' }} />
      </PieChart>
    </ChartFrame>
  );
}
