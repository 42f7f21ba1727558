import { describe, expect, it } from 'vitest';
import type { TechCardOperation } from '@/modules/tech-cards/tech-cards.contract.ts';
import {
  draftOf,
  emptyDraft,
  modificationRows,
  moveOperation,
  nextSeq,
  removeDraft,
  replaceDraft,
  splitOperationErrors,
  toOperationInputs,
} from './operations-editor.ts';

const op = (id: number, seq: number, name: string, over: Partial<TechCardOperation> = {}): TechCardOperation => ({
  id,
  seq,
  name,
  instructions: null,
  departmentId: 1,
  departmentName: 'SMT',
  positionId: null,
  positionName: null,
  setupMinutes: '10.00',
  runMinutesPerUnit: '2.5000',
  equipment: null,
  canRunParallel: false,
  qualityCheck: false,
  baseOperationId: null,
  action: null,
  ...over,
});

describe('operations editor', () => {
  it('moves a row and renumbers the whole card by 10, keeping row ids', () => {
    const rows = [op(1, 10, 'А'), op(2, 20, 'Б'), op(3, 35, 'В')].map((o) => draftOf(o));
    const moved = moveOperation(rows, 2, -1);
    expect(moved.map((r) => [r.id, r.seq, r.name])).toEqual([
      [1, '10', 'А'],
      [3, '20', 'В'],
      [2, '30', 'Б'],
    ]);
    expect(moveOperation(rows, 0, -1).map((r) => r.seq)).toEqual(['10', '20', '35']);
    expect(nextSeq(rows)).toBe(40);
    expect(nextSeq([], [op(9, 30, 'База')])).toBe(40);
    expect(draftOf(op(1, 10, 'А'))).toMatchObject({ setupMinutes: '10', runMinutesPerUnit: '2,5' });
  });

  it("builds a modification's view: inherited, replaced, removed and added rows in seq order", () => {
    const base = [op(1, 10, 'Монтаж'), op(2, 20, 'Складання'), op(3, 30, 'Перевірка')];
    const replaced = { ...replaceDraft(base[1]!), name: 'Складання в корпус' };
    const added = { ...emptyDraft(35, 'add'), name: 'Прошивка' };
    const rows = modificationRows(base, [added, removeDraft(base[2]!), replaced]);
    expect(rows.map((r) => [r.kind, r.seq])).toEqual([
      ['inherited', 10],
      ['replaced', 20],
      ['removed', 30],
      ['added', 35],
    ]);
    const inputs = toOperationInputs([replaced, removeDraft(base[2]!), added]);
    expect(inputs[0]).toMatchObject({
      id: null,
      seq: 20,
      baseOperationId: 2,
      action: 'replace',
      name: 'Складання в корпус',
    });
    expect(inputs[1]).toEqual({ id: null, seq: 30, baseOperationId: 3, action: 'remove' });
    expect(inputs[2]).toMatchObject({ seq: 35, action: 'add', baseOperationId: null, departmentId: null });
    expect(toOperationInputs([{ ...added, seq: 'x' }])[0]!.seq).toBeNaN();
  });

  it("puts the API's messages under their rows and leaves the rest for the form", () => {
    const rows = [emptyDraft(10, null), emptyDraft(20, null)];
    const { byRow, other } = splitOperationErrors(
      { 'operations.1.departmentId': 'Вкажіть дільницю', name: 'Вкажіть назву', operations: 'Додайте' },
      rows,
    );
    expect(byRow).toEqual({ [rows[1]!.key]: { departmentId: 'Вкажіть дільницю' } });
    expect(other).toEqual({ name: 'Вкажіть назву', operations: 'Додайте' });
  });
});
