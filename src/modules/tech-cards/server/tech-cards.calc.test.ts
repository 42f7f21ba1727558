// The arithmetic tech cards rely on (production.md §2 'Calculations'), through the production core the module uses:
// a modification applied over its base, planned minutes, labour and overhead, and the lead time in working days.
import { describe, expect, it } from 'vitest';
import { applyModification, costOperations, leadTimeDays, plannedMinutes } from '@/modules/production/server/index.ts';
import type { techCardOperations } from './tech-cards.table.ts';

type Row = typeof techCardOperations.$inferSelect;
let nextId = 100;
const row = (over: Partial<Row>): Row => ({
  id: nextId++,
  techCardId: 1,
  seq: 10,
  name: 'Операція',
  instructions: null,
  departmentId: 1,
  positionId: 1,
  setupMinutes: '10.00',
  runMinutesPerUnit: '2.0000',
  equipment: null,
  canRunParallel: false,
  qualityCheck: false,
  baseOperationId: null,
  action: null,
  ...over,
});

describe('applyModification', () => {
  const op10 = row({ seq: 10, name: 'Монтаж SMD' });
  const op20 = row({ seq: 20, name: 'Складання' });
  const op30 = row({ seq: 30, name: 'Перевірка' });
  const base = [op10, op20, op30];

  it('replaces operation 20 and adds 35: four operations in seq order, the untouched ones inherited', () => {
    const own = [
      row({ techCardId: 2, seq: 35, name: 'Прошивка', action: 'add' }),
      row({ techCardId: 2, seq: 20, name: 'Складання в корпус', baseOperationId: op20.id, action: 'replace' }),
    ];
    const ops = applyModification(base, own);
    expect(ops.map((o) => [o.seq, o.name, o.inherited, o.baseOperationId])).toEqual([
      [10, 'Монтаж SMD', true, op10.id],
      [20, 'Складання в корпус', false, op20.id],
      [30, 'Перевірка', true, op30.id],
      [35, 'Прошивка', false, null],
    ]);
    expect(ops[1]!.techCardOperationId).toBe(own[1]!.id);
  });

  it('drops a removed base operation and follows the base as it is now', () => {
    const own = [row({ techCardId: 2, seq: 30, baseOperationId: op30.id, action: 'remove', departmentId: null })];
    expect(applyModification(base, own).map((o) => o.seq)).toEqual([10, 20]);
    const edited = [{ ...op10, name: 'Монтаж SMD (нова піч)', setupMinutes: '15.00' }, op20, op30];
    expect(applyModification(edited, own)[0]).toMatchObject({ name: 'Монтаж SMD (нова піч)', setupMinutes: '15.00' });
  });

  it('gives a base card its own rows unchanged', () => {
    expect(applyModification([], base).map((o) => [o.seq, o.inherited])).toEqual([
      [10, false],
      [20, false],
      [30, false],
    ]);
  });
});

describe('plannedMinutes, costOperations, leadTimeDays', () => {
  const ops = [
    { setupMinutes: '10', runMinutesPerUnit: '2', positionId: 1, departmentId: 7 },
    { setupMinutes: '10', runMinutesPerUnit: '2', positionId: 2, departmentId: 7 },
    { setupMinutes: '10', runMinutesPerUnit: '2', positionId: 3, departmentId: 8 },
  ];
  const rates = {
    labourRatePerHour: null,
    positionRate: (id: number) => ({ 1: '120', 2: '150', 3: '90' })[id] ?? null,
    overheadRate: (id: number) => (id === 7 ? '60' : null),
  };

  it('is setup + run × Q minutes: 30 per operation, 90 in all for 10 units', () => {
    expect(ops.map((op) => plannedMinutes(op, '10'))).toEqual(['30.00', '30.00', '30.00']);
    expect(plannedMinutes({ setupMinutes: '0', runMinutesPerUnit: '1.5' }, '3')).toBe('4.50');
    const cost = costOperations(ops, '10', rates);
    expect(cost.minutes).toBe('90.00');
  });

  it("prices minutes at each position's rate, or at the recipe's rate when given; overhead at the department's", () => {
    const cost = costOperations(ops, '10', rates);
    expect(cost.operations).toEqual([
      { minutes: '30.00', labour: '60.00', overhead: '30.00' },
      { minutes: '30.00', labour: '75.00', overhead: '30.00' },
      { minutes: '30.00', labour: '45.00', overhead: '0.00' },
    ]);
    expect(cost).toMatchObject({ labour: '180.00', overhead: '60.00' });
    expect(costOperations(ops, '10', { ...rates, labourRatePerHour: '200' }).labour).toBe('300.00');
    expect(costOperations([{ setupMinutes: '20', runMinutesPerUnit: '0' }], '1', rates)).toMatchObject({
      labour: '0.00',
      overhead: '0.00',
    });
  });

  it('rounds the sequential minutes up to whole working days; parallel operations do not add', () => {
    expect(leadTimeDays(ops, '10')).toBe(1);
    // 3 × (10 + 2 × 75) = 480 minutes = exactly one 8-hour day; one unit more spills into a second day.
    expect(leadTimeDays(ops, '75', 8)).toBe(1);
    expect(leadTimeDays(ops, '76', 8)).toBe(2);
    expect(leadTimeDays(ops, '75', 4)).toBe(2);
    expect(leadTimeDays([...ops.slice(0, 2), { ...ops[2]!, canRunParallel: true }], '76', 8)).toBe(1);
    expect(leadTimeDays([], '10')).toBe(0);
  });
});
