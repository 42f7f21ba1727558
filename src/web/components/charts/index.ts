// The chart toolkit (decision 0025): Recharts 3 behind thin wrappers — Ukrainian numbers and dates, the theme's
// colours (dark included), a responsive frame and a hidden data table for screen readers. Only pages that draw
// charts import it (they are lazy routes), so neither the login page nor the shell loads Recharts.
export {
  ChartBars,
  ChartBarsLine,
  ChartLine,
  type CartesianChartProps,
  type ChartSeries,
} from './cartesian-charts.tsx';
export { ChartPie, type PieSlice } from './pie-chart.tsx';
export { ChartCard } from './chart-card.tsx';
export { ChartDataTable, ChartFrame, chartColor, chartTheme, type ChartTable } from './chart-frame.tsx';
export {
  chartNumber,
  formatChartMoney,
  formatChartPercent,
  formatChartValue,
  formatPeriod,
  formatTick,
  type ChartValue,
  type PeriodGranularity,
} from './chart-format.ts';
export { chartMessages } from './charts.messages.ts';
