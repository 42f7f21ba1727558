// The operations of a card in the editor (production.md §2 'Page'). A base card: editable rows — number, name,
// department, position, setup, run per unit, equipment, parallel, quality check, instructions — reordered with the
// arrows (numbers renumbered by 10). A modification: the base's operations greyed with 'Замінити' and 'Прибрати',
// replaced ones editable, removed ones struck through, its own additions in full. Each row is a card, so the grid
// stays usable at 390 px.
import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, ReplaceIcon, Trash2Icon, Undo2Icon, XIcon } from 'lucide-react';
import type { TechCardOperation } from '@/modules/tech-cards/tech-cards.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { formatQty } from '@/web/lib/document-format.ts';
import { cn } from '@/web/lib/utils.ts';
import {
  emptyDraft,
  modificationRows,
  moveOperation,
  nextSeq,
  removeDraft,
  replaceDraft,
  type OperationDraft,
  type RowErrors,
} from './operations-editor.ts';
import { techCardsWebMessages } from './tech-cards.messages.ts';

const m = techCardsWebMessages.dialog;

interface GridProps {
  idPrefix: string;
  rows: OperationDraft[];
  errors: Record<string, RowErrors>;
  readOnly: boolean;
  onChange: (rows: OperationDraft[]) => void;
}

function Empty() {
  return (
    <div className="rounded-lg border border-dashed px-4 py-8 text-center">
      <p className="font-medium">{m.noOperations}</p>
      <p className="text-sm text-muted-foreground">{m.noOperationsHint}</p>
    </div>
  );
}

/** A base card's operations: edit, add, delete, reorder (renumbering by 10). */
export function BaseOperationsGrid({ idPrefix, rows, errors, readOnly, onChange }: GridProps) {
  const update = (key: string, patch: Partial<OperationDraft>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <div className="grid grid-cols-1 gap-3">
      {!readOnly ? <p className="text-sm text-muted-foreground">{m.operationsHint}</p> : null}
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <ol className="grid grid-cols-1 gap-3" aria-label={m.operations}>
          {rows.map((row, index) => (
            <OperationFields
              key={row.key}
              idPrefix={`${idPrefix}-${row.key}`}
              row={row}
              errors={errors[row.key] ?? {}}
              readOnly={readOnly}
              onChange={(patch) => update(row.key, patch)}
              actions={
                readOnly ? null : (
                  <>
                    <IconButton
                      label={m.moveUp(row.seq)}
                      disabled={index === 0}
                      onClick={() => onChange(moveOperation(rows, index, -1))}
                    >
                      <ArrowUpIcon aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={m.moveDown(row.seq)}
                      disabled={index === rows.length - 1}
                      onClick={() => onChange(moveOperation(rows, index, 1))}
                    >
                      <ArrowDownIcon aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={m.removeOperation(row.seq)}
                      destructive
                      onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </IconButton>
                  </>
                )
              }
            />
          ))}
        </ol>
      )}
      {!readOnly ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => onChange([...rows, emptyDraft(nextSeq(rows), null)])}
        >
          <PlusIcon aria-hidden="true" />
          {m.addOperation}
        </Button>
      ) : null}
    </div>
  );
}

/** A modification: the base's operations greyed (replace / remove), replaced and added ones editable. */
export function ModificationOperationsGrid({
  idPrefix,
  rows,
  errors,
  readOnly,
  onChange,
  baseOperations,
}: GridProps & { baseOperations: TechCardOperation[] }) {
  const update = (key: string, patch: Partial<OperationDraft>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const drop = (key: string) => onChange(rows.filter((row) => row.key !== key));
  const view = modificationRows(baseOperations, rows);
  return (
    <div className="grid grid-cols-1 gap-3">
      <p className="text-sm text-muted-foreground">{m.modificationHint}</p>
      {view.length === 0 ? (
        <Empty />
      ) : (
        <ol className="grid grid-cols-1 gap-3" aria-label={m.operations}>
          {view.map((item) => {
            if (item.kind === 'inherited' || item.kind === 'removed') {
              const removed = item.kind === 'removed';
              return (
                <BaseOperationLine
                  key={`base-${item.base.id}`}
                  op={item.base}
                  removed={removed}
                  actions={
                    readOnly ? null : removed ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        aria-label={m.restoreLabel(item.base.seq)}
                        onClick={() => drop(item.draft.key)}
                      >
                        <Undo2Icon aria-hidden="true" />
                        {m.restore}
                      </Button>
                    ) : (
                      <>
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          aria-label={m.replaceLabel(item.base.seq)}
                          onClick={() => onChange([...rows, replaceDraft(item.base)])}
                        >
                          <ReplaceIcon aria-hidden="true" />
                          {m.replace}
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          aria-label={m.excludeLabel(item.base.seq)}
                          onClick={() => onChange([...rows, removeDraft(item.base)])}
                        >
                          <XIcon aria-hidden="true" />
                          {m.exclude}
                        </Button>
                      </>
                    )
                  }
                />
              );
            }
            const { draft } = item;
            return (
              <OperationFields
                key={draft.key}
                idPrefix={`${idPrefix}-${draft.key}`}
                row={draft}
                errors={errors[draft.key] ?? {}}
                readOnly={readOnly}
                badge={item.kind === 'replaced' ? m.replaced : m.added}
                onChange={(patch) => update(draft.key, patch)}
                actions={
                  readOnly ? null : item.kind === 'replaced' ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={m.restoreLabel(item.base.seq)}
                      onClick={() => drop(draft.key)}
                    >
                      <Undo2Icon aria-hidden="true" />
                      {m.restore}
                    </Button>
                  ) : (
                    <IconButton label={m.removeOperation(draft.seq)} destructive onClick={() => drop(draft.key)}>
                      <Trash2Icon aria-hidden="true" />
                    </IconButton>
                  )
                }
              />
            );
          })}
        </ol>
      )}
      {!readOnly ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => onChange([...rows, emptyDraft(nextSeq(rows, baseOperations), 'add')])}
        >
          <PlusIcon aria-hidden="true" />
          {m.addOperation}
        </Button>
      ) : null}
    </div>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  destructive,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('size-9', destructive && 'text-destructive hover:text-destructive dark:text-red-400')}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** A base operation in a modification: read-only and greyed (struck through once removed). */
function BaseOperationLine({ op, removed, actions }: { op: TechCardOperation; removed: boolean; actions: ReactNode }) {
  const details = [
    op.departmentName,
    op.positionName,
    `${m.setup}: ${formatQty(op.setupMinutes)}`,
    `${m.run}: ${formatQty(op.runMinutesPerUnit)}`,
    op.equipment,
    op.canRunParallel ? m.parallel : null,
    op.qualityCheck ? m.quality : null,
  ].filter(Boolean);
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-dashed bg-muted/40 px-3 py-2 text-muted-foreground"
      data-inherited="true"
    >
      <div className={cn('grid grid-cols-1 min-w-0 flex-1 gap-0.5', removed && 'line-through decoration-1')}>
        <p className="text-sm">
          <span className="mr-2 font-mono tabular-nums">{op.seq}</span>
          <span className="font-medium">{op.name}</span>
          <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs no-underline">
            {removed ? m.removed : m.inherited}
          </span>
        </p>
        <p className="text-xs">{details.join(' · ')}</p>
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}

/** One editable operation: its fields in a responsive grid with their own labels and messages. */
function OperationFields({
  idPrefix,
  row,
  errors,
  readOnly,
  badge,
  actions,
  onChange,
}: {
  idPrefix: string;
  row: OperationDraft;
  errors: RowErrors;
  readOnly: boolean;
  badge?: string;
  actions: ReactNode;
  onChange: (patch: Partial<OperationDraft>) => void;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const box = (name: keyof OperationDraft, label: string, input: ReactNode, className?: string) => (
    <div className={cn('grid grid-cols-1 min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id(name)} className="text-xs">
        {label}
      </Label>
      {input}
      <FieldMessage id={`${id(name)}-message`} error={errors[name]} />
    </div>
  );
  const aria = (name: keyof OperationDraft) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id(name)}-message`,
  });
  const text = (name: 'seq' | 'name' | 'setupMinutes' | 'runMinutesPerUnit' | 'equipment', numeric = false) => (
    <Input
      {...aria(name)}
      value={row[name]}
      disabled={readOnly}
      inputMode={numeric ? 'decimal' : undefined}
      className={cn(numeric && 'text-right tabular-nums')}
      onChange={(event) => onChange({ [name]: event.target.value })}
    />
  );
  return (
    <li className="grid grid-cols-1 gap-3 rounded-lg border bg-card p-3" aria-label={`${row.seq} ${row.name}`.trim()}>
      <div className="flex flex-wrap items-start gap-3">
        {box('seq', m.seq, text('seq', true), 'w-20')}
        {box('name', m.operationName, text('name'), 'min-w-48 flex-1')}
        <div className="flex items-center gap-1 self-end pb-0.5">
          {badge ? (
            <span className="mr-1 rounded bg-sky-500/15 px-1.5 py-0.5 text-xs text-sky-800 dark:text-sky-300">
              {badge}
            </span>
          ) : null}
          {actions}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem_9rem]">
        {box(
          'departmentId',
          m.department,
          <ReferencePicker
            {...aria('departmentId')}
            route="/departments"
            value={row.departmentId}
            valueLabel={row.departmentLabel}
            placeholder={m.departmentPlaceholder}
            disabled={readOnly}
            aria-required
            onChange={(value, label) => onChange({ departmentId: value, departmentLabel: label })}
          />,
        )}
        {box(
          'positionId',
          m.position,
          <ReferencePicker
            {...aria('positionId')}
            route="/positions"
            value={row.positionId}
            valueLabel={row.positionLabel}
            placeholder={m.positionPlaceholder}
            clearLabel={m.noPosition}
            disabled={readOnly}
            onChange={(value, label) => onChange({ positionId: value, positionLabel: label })}
          />,
        )}
        {box('setupMinutes', m.setup, text('setupMinutes', true))}
        {box('runMinutesPerUnit', m.run, text('runMinutesPerUnit', true))}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        {box('equipment', m.equipment, text('equipment'))}
        {box(
          'instructions',
          m.instructions,
          <Textarea
            {...aria('instructions')}
            rows={2}
            className="min-h-10"
            value={row.instructions}
            disabled={readOnly}
            onChange={(event) => onChange({ instructions: event.target.value })}
          />,
        )}
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm" title={m.parallelHint}>
          <Checkbox
            checked={row.canRunParallel}
            disabled={readOnly}
            onCheckedChange={(checked) => onChange({ canRunParallel: checked === true })}
          />
          {m.parallel}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            checked={row.qualityCheck}
            disabled={readOnly}
            onCheckedChange={(checked) => onChange({ qualityCheck: checked === true })}
          />
          {m.quality}
        </label>
      </div>
    </li>
  );
}
