// The table of a declared resource's page as the toolkit's DataTable declares it (issue 20): one column per list
// field — the record's name the primary one (the card's title on a phone), numbers right-aligned, the kinds the
// server sorts with their sort field — the status badge, and edit and delete as the row's actions.
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { listColumns, type FieldDef, type ResourceDef } from '@/resources/_engine/define-resource.ts';
import type { DataColumn, RowActionItem } from '@/web/components/data-table.tsx';
import { StatusBadge } from '@/web/components/document-parts.tsx';
import type { ResourceRow } from './resource-api.ts';
import type { ResourcePageExtensions } from './resource-extensions.ts';
import { resourcePageMessages as messages } from './resource.messages.ts';
import { cellText, displayOf, isNumeric, isSortable } from './resource-values.ts';
import { dec, isNegative, isZero } from '@/shared/decimal.ts';

/** A decimal string above 0 (an overdue debt to draw in red). */
function isPositive(value: string): boolean {
  try {
    const d = dec(value);
    return !isZero(d) && !isNegative(d);
  } catch {
    return false;
  }
}

/** The name the table's remembered columns are kept under ('resource:/units'). */
export function resourceTableId(def: ResourceDef): string {
  return `resource:${def.route}`;
}

function ColorCell({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-2 font-mono text-xs">
      <span className="size-4 shrink-0 rounded-sm border" style={{ backgroundColor: value }} aria-hidden="true" />
      {value}
    </span>
  );
}

function fieldCell(field: FieldDef, row: ResourceRow) {
  const value = row[field.name];
  if (field.kind === 'color' && typeof value === 'string' && value !== '') return <ColorCell value={value} />;
  if (field.alertPositive && typeof value === 'string' && isPositive(value)) {
    return <span className="font-medium text-destructive">{cellText(field, row)}</span>;
  }
  return cellText(field, row);
}

/** 'Активний' in green; 'Неактивний' greyed out. */
function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <StatusBadge label={messages.active} tone="emerald" />
  ) : (
    <StatusBadge label={messages.inactive} tone="neutral" className="text-muted-foreground" />
  );
}

/**
 * A module's own row actions (bank accounts, labels, a photo): components with their own dialogs, which the
 * DataTable's actions (plain items) cannot hold. They get a column of their own beside the record's name, so that
 * they stay on screen however wide the table is, and a line of the card on a phone.
 */
function extensionColumn(
  Actions: NonNullable<ResourcePageExtensions['rowActions']>,
  canChange: boolean,
): DataColumn<ResourceRow> {
  return {
    id: 'extensions',
    header: messages.extraActions,
    // As low as the actions column's cells, so that the buttons do not make the row taller.
    className: 'py-1',
    cell: (row) => (
      <span className="flex gap-0.5">
        <Actions row={row} canChange={canChange} />
      </span>
    ),
  };
}

/**
 * The columns of the list: the list fields in their declared order (the display field, or else the first, is the
 * primary one), the module's row actions right after the primary column, and the status of a resource with an
 * active flag.
 */
export function resourceColumns(
  def: ResourceDef,
  rowActions: ResourcePageExtensions['rowActions'],
  canChange: boolean,
): DataColumn<ResourceRow>[] {
  const fields = listColumns(def);
  const primary = fields.find((field) => field.name === def.displayField) ?? fields[0];
  const columns = fields.flatMap((field): DataColumn<ResourceRow>[] => {
    const column: DataColumn<ResourceRow> = {
      id: field.name,
      header: field.label,
      cell: (row) => fieldCell(field, row),
      sortField: isSortable(field) ? field.name : undefined,
      numeric: isNumeric(field),
      primary: field === primary,
      className: field.kind === 'textarea' || field.kind === 'textList' ? 'max-w-80 truncate' : undefined,
    };
    return field === primary && rowActions ? [column, extensionColumn(rowActions, canChange)] : [column];
  });
  if (def.hasActiveFlag) {
    columns.push({
      id: 'isActive',
      header: messages.status,
      cell: (row) => <ActiveBadge active={row.isActive !== false} />,
    });
  }
  return columns;
}

/** Edit and delete, both beside the row (delete in red); only for those who may change the route's records. */
export function resourceRowActions(
  def: ResourceDef,
  row: ResourceRow,
  open: { edit: (row: ResourceRow) => void; remove: (row: ResourceRow) => void },
): RowActionItem[] {
  const display = displayOf(def, row);
  return [
    {
      label: messages.edit(display),
      icon: <PencilIcon aria-hidden="true" />,
      onSelect: () => open.edit(row),
      inline: true,
    },
    {
      label: messages.remove(display),
      icon: <Trash2Icon aria-hidden="true" />,
      onSelect: () => open.remove(row),
      destructive: true,
      inline: true,
    },
  ];
}
