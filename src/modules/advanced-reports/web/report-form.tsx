// The parameters form of an advanced report, built from the parameter schema the catalogue answers (reports-admin.md
// §3): a period is two dates, a date one, a reference the picker of its route (Усі while none), a choice a select of
// its options. Values live in the page's state (the address); 'Сформувати' asks for the first page.
import type { ReactNode } from 'react';
import { PlayIcon } from 'lucide-react';
import { ReferenceFilter } from '@/resources/_engine/web/reference-picker.tsx';
import { DateField } from '@/web/components/date-field.tsx';
import { PeriodFilter } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import type { CatalogueEntry } from '../advanced-reports.contract.ts';
import type { ReportFilter } from './advanced-reports.api.ts';
import { advancedReportsWebMessages as m } from './advanced-reports-web.messages.ts';

type Param = CatalogueEntry['params'][number];
const ALL = '__all__';

function Field({
  param,
  filter,
  onChange,
}: {
  param: Param;
  filter: ReportFilter;
  onChange: (patch: Partial<ReportFilter>) => void;
}) {
  const id = `adv-param-${param.name}`;
  const labelled = (control: ReactNode) => (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{param.label}</Label>
      {control}
    </div>
  );
  if (param.kind === 'period') {
    return (
      <div className="grid max-w-full min-w-0 gap-1.5">
        <span className="text-sm font-medium">{param.label}</span>
        <PeriodFilter
          id={id}
          from={String(filter.from ?? '')}
          to={String(filter.to ?? '')}
          labels={{ from: m.from, to: m.to }}
          onChange={({ dateFrom, dateTo }) => onChange({ from: dateFrom, to: dateTo })}
        />
      </div>
    );
  }
  if (param.kind === 'date') {
    return labelled(
      <DateField
        id={id}
        className="w-40"
        value={String(filter[param.name] ?? '')}
        onChange={(value) => onChange({ [param.name]: value })}
      />,
    );
  }
  if (param.kind === 'choice') {
    const value = filter[param.name];
    return labelled(
      <Select
        value={value === null || value === '' ? ALL : String(value)}
        onValueChange={(next) => onChange({ [param.name]: next === ALL ? '' : next })}
      >
        <SelectTrigger id={id} className="w-full sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{m.all}</SelectItem>
          {(param.options ?? []).map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>,
    );
  }
  const value = filter[param.name];
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium" aria-hidden="true">
        {param.label}
      </span>
      <ReferenceFilter
        route={param.route ?? ''}
        label={param.label}
        value={typeof value === 'number' ? value : null}
        allLabel={m.all}
        onChange={(next) => onChange({ [param.name]: next })}
      />
    </div>
  );
}

export function ReportForm({
  entry,
  filter,
  onChange,
  onRun,
  disabled,
}: {
  entry: CatalogueEntry;
  filter: ReportFilter;
  onChange: (patch: Partial<ReportFilter>) => void;
  onRun: () => void;
  disabled: boolean;
}) {
  return (
    <form
      aria-label={m.parameters}
      className="grid gap-4 rounded-xl border bg-card p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onRun();
      }}
    >
      <div>
        <h2 className="text-lg font-semibold">{entry.title}</h2>
        <p className="text-sm text-muted-foreground">{entry.description}</p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        {entry.params.map((param) => (
          <Field key={param.name} param={param} filter={filter} onChange={onChange} />
        ))}
      </div>
      <div>
        <Button type="submit" disabled={disabled}>
          <PlayIcon aria-hidden="true" />
          {m.run}
        </Button>
      </div>
    </form>
  );
}
