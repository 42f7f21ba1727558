// The editor's model of a card's operations (pure, unit-tested): a row as typed, reordering that renumbers by 10,
// a modification's view (base operations greyed, replaced or removed; its own additions), what the API gets, and
// where the API's per-field messages ('operations.2.departmentId') land.
import type { OperationAction, OperationInput, TechCardOperation } from '@/modules/tech-cards/tech-cards.contract.ts';
import { decimalInput } from '@/web/lib/document-format.ts';

export const SEQ_STEP = 10;

/** One own row as the editor holds it (text as typed, labels of the picked references). */
export interface OperationDraft {
  key: string;
  id: number | null;
  seq: string;
  name: string;
  departmentId: number | null;
  departmentLabel: string | null;
  positionId: number | null;
  positionLabel: string | null;
  setupMinutes: string;
  runMinutesPerUnit: string;
  equipment: string;
  instructions: string;
  canRunParallel: boolean;
  qualityCheck: boolean;
  baseOperationId: number | null;
  action: OperationAction | null;
}

let keyCounter = 0;
const newKey = () => `op-${++keyCounter}`;

/** A saved row (own, or a base operation being replaced) as an editable draft. */
export function draftOf(op: TechCardOperation, over: Partial<OperationDraft> = {}): OperationDraft {
  return {
    key: newKey(),
    id: op.id,
    seq: String(op.seq),
    name: op.name,
    departmentId: op.departmentId,
    departmentLabel: op.departmentName,
    positionId: op.positionId,
    positionLabel: op.positionName,
    setupMinutes: decimalInput(op.setupMinutes),
    runMinutesPerUnit: decimalInput(op.runMinutesPerUnit),
    equipment: op.equipment ?? '',
    instructions: op.instructions ?? '',
    canRunParallel: op.canRunParallel,
    qualityCheck: op.qualityCheck,
    baseOperationId: op.baseOperationId,
    action: op.action,
    ...over,
  };
}

export function emptyDraft(seq: number, action: OperationAction | null): OperationDraft {
  return {
    key: newKey(),
    id: null,
    seq: String(seq),
    name: '',
    departmentId: null,
    departmentLabel: null,
    positionId: null,
    positionLabel: null,
    setupMinutes: '0',
    runMinutesPerUnit: '0',
    equipment: '',
    instructions: '',
    canRunParallel: false,
    qualityCheck: false,
    baseOperationId: null,
    action,
  };
}

const seqNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The next free number: the highest in use (own rows and the base's) rounded up to the next ten. */
export function nextSeq(rows: readonly OperationDraft[], baseOps: readonly TechCardOperation[] = []): number {
  const used = [...rows.map((r) => seqNumber(r.seq)), ...baseOps.map((o) => o.seq)].filter(Number.isFinite);
  const top = used.length ? Math.max(...used) : 0;
  return (Math.floor(top / SEQ_STEP) + 1) * SEQ_STEP;
}

/** Numbers 10, 20, 30 … in the rows' order. */
export function renumber(rows: readonly OperationDraft[]): OperationDraft[] {
  return rows.map((row, i) => ({ ...row, seq: String((i + 1) * SEQ_STEP) }));
}

/** Moves a row up (-1) or down (+1) and renumbers the whole card by 10. */
export function moveOperation(rows: readonly OperationDraft[], index: number, delta: -1 | 1): OperationDraft[] {
  const target = index + delta;
  if (target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return renumber(next);
}

/** 'Замінити': the modification's own version of a base operation, starting as a copy of it. */
export function replaceDraft(base: TechCardOperation): OperationDraft {
  return draftOf(base, { id: null, baseOperationId: base.id, action: 'replace' });
}

/** 'Прибрати': the base operation leaves the modification's effective list. */
export function removeDraft(base: TechCardOperation): OperationDraft {
  return { ...emptyDraft(base.seq, 'remove'), name: base.name, baseOperationId: base.id };
}

export type ModificationRow =
  | { kind: 'inherited'; seq: number; base: TechCardOperation }
  | { kind: 'replaced' | 'removed'; seq: number; base: TechCardOperation; draft: OperationDraft }
  | { kind: 'added'; seq: number; draft: OperationDraft };

/** A modification as the editor shows it: each base operation (as is, replaced or removed) and its own additions. */
export function modificationRows(
  baseOps: readonly TechCardOperation[],
  drafts: readonly OperationDraft[],
): ModificationRow[] {
  const byBase = new Map(drafts.filter((d) => d.baseOperationId != null).map((d) => [d.baseOperationId!, d]));
  const rows: ModificationRow[] = baseOps.map((base) => {
    const draft = byBase.get(base.id);
    if (!draft) return { kind: 'inherited', seq: base.seq, base };
    if (draft.action === 'remove') return { kind: 'removed', seq: base.seq, base, draft };
    const typed = seqNumber(draft.seq);
    return { kind: 'replaced', seq: Number.isFinite(typed) ? typed : base.seq, base, draft };
  });
  for (const draft of drafts) {
    if (draft.baseOperationId != null) continue;
    const typed = seqNumber(draft.seq);
    rows.push({ kind: 'added', seq: Number.isFinite(typed) ? typed : Number.MAX_SAFE_INTEGER, draft });
  }
  // Stable: equal numbers keep the base-first order.
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => a.row.seq - b.row.seq || a.i - b.i)
    .map((x) => x.row);
}

/** What the API gets for the rows, in the rows' order (so `operations.<i>` names rows[i]). */
export function toOperationInputs(rows: readonly OperationDraft[]): OperationInput[] {
  return rows.map((row) => {
    if (row.action === 'remove') {
      return { id: row.id, seq: seqNumber(row.seq), baseOperationId: row.baseOperationId, action: 'remove' };
    }
    return {
      id: row.id,
      seq: seqNumber(row.seq),
      name: row.name,
      departmentId: row.departmentId,
      positionId: row.positionId,
      setupMinutes: row.setupMinutes.trim() === '' ? '0' : row.setupMinutes,
      runMinutesPerUnit: row.runMinutesPerUnit.trim() === '' ? '0' : row.runMinutesPerUnit,
      equipment: row.equipment,
      instructions: row.instructions,
      canRunParallel: row.canRunParallel,
      qualityCheck: row.qualityCheck,
      baseOperationId: row.baseOperationId,
      action: row.action,
    };
  });
}

export type RowErrors = Partial<Record<keyof OperationDraft, string>>;

/** The per-field messages of `operations.<i>.<field>` by row key; the rest stays for the form. */
export function splitOperationErrors(
  fields: Record<string, string>,
  rows: readonly OperationDraft[],
): { byRow: Record<string, RowErrors>; other: Record<string, string> } {
  const byRow: Record<string, RowErrors> = {};
  const other: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^operations\.(\d+)\.(\w+)$/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    if (!match || !row) {
      other[path] = message;
      continue;
    }
    const field = match[2] as keyof OperationDraft;
    (byRow[row.key] ??= {})[field] ??= message;
  }
  return { byRow, other };
}
