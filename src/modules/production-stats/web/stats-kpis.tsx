// The KPI cards of the statistics page (production.md §13): output and its value, scrap rate, completed MOs, on-time
// rate, average lead time and plan adherence of the period — each the exact figure of the summary.
import {
  CalendarCheckIcon,
  CheckCircle2Icon,
  FactoryIcon,
  GaugeIcon,
  TimerIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import type { StatsSummary } from '../production-stats.contract.ts';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { formatChartPercent, formatChartValue } from '@/web/components/charts/index.ts';
import { formatMoney, formatQty } from '@/web/lib/document-format.ts';
import { productionStatsWebMessages as m } from './production-stats-web.messages.ts';

const k = m.kpi;

export function StatsKpis({ summary, days }: { summary: StatsSummary; days: number }) {
  return (
    <section
      aria-label={m.title}
      className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6"
    >
      <StatCard
        label={k.produced}
        icon={FactoryIcon}
        tone={statTones.primary}
        value={formatQty(summary.producedQty)}
        hint={k.producedHint(formatMoney(summary.producedValue))}
      />
      <StatCard
        label={k.scrap}
        icon={TriangleAlertIcon}
        tone={statTones.red}
        value={formatChartPercent(summary.scrapRate)}
        hint={k.scrapHint(formatQty(summary.scrapQty))}
      />
      <StatCard
        label={k.completed}
        icon={CheckCircle2Icon}
        tone={statTones.green}
        value={summary.completedMOs}
        hint={k.completedHint(m.days(days))}
      />
      <StatCard
        label={k.onTime}
        icon={CalendarCheckIcon}
        tone={statTones.sky}
        value={formatChartPercent(summary.onTimeRate)}
        hint={k.onTimeHint}
      />
      <StatCard
        label={k.leadTime}
        icon={TimerIcon}
        tone={statTones.amber}
        value={formatChartValue(summary.avgLeadTimeDays, 0)}
        unit={summary.avgLeadTimeDays === null ? undefined : k.leadTimeUnit}
        hint={k.leadTimeHint}
      />
      <StatCard
        label={k.plan}
        icon={GaugeIcon}
        tone={statTones.primary}
        value={formatChartPercent(summary.planAdherence)}
        hint={k.planHint}
      />
    </section>
  );
}
