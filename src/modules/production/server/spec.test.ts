import { describe, expect, it } from 'vitest';
import { applyModification, costOperations, effectivePerUnit, leadTimeDays, plannedMinutes } from './spec.ts';
import type { techCardOperations } from '@/modules/tech-cards/server/tech-cards.table.ts';

type Row = typeof techCardOperations.$inferSelect;
let nextId = 1;
const row = (over: Partial<Row>): Row => ({
  id: nextId++,
  techCardId: 1,
  seq: 10,
  name: 'Операція',
  instructions: null,
  departmentId: 1,
  positionId: null,
  setupMinutes: '10',
  runMinutesPerUnit: '2',
  equipment: null,
  canRunParallel: false,
  qualityCheck: false,
  baseOperationId: null,
  action: null,
  ...over,
});

describe('effectivePerUnit (production.md §1)', () => {
  it('adds scrap and divides by the output quantity', () => {
    expect(effectivePerUnit('10', '2', '1')).toBe('10.200000');
    expect(effectivePerUnit('4', '0', '2')).toBe('2.000000');
    expect(effectivePerUnit('1', '99.99', '3')).toBe('0.666633');
  });
});

describe('applyModification (production.md §2)', () => {
  it('replaces, removes and adds over the base, sorted by seq', () => {
    const op10 = row({ seq: 10, name: 'Пайка' });
    const op20 = row({ seq: 20, name: 'Збірка' });
    const op30 = row({ seq: 30, name: 'Тест' });
    const replace20 = row({
      techCardId: 2,
      seq: 20,
      name: 'Збірка в корпус',
      baseOperationId: op20.id,
      action: 'replace',
    });
    const add35 = row({ techCardId: 2, seq: 35, name: 'Прошивка', action: 'add' });
    const ops = applyModification([op10, op20, op30], [replace20, add35]);
    expect(ops.map((o) => [o.seq, o.name, o.inherited])).toEqual([
      [10, 'Пайка', true],
      [20, 'Збірка в корпус', false],
      [30, 'Тест', true],
      [35, 'Прошивка', false],
    ]);
    const removed = applyModification(
      [op10, op20, op30],
      [row({ techCardId: 2, seq: 30, baseOperationId: op30.id, action: 'remove' })],
    );
    expect(removed.map((o) => o.seq)).toEqual([10, 20]);
  });
});

describe('planned minutes, lead time and conversion cost (production.md §2)', () => {
  const ops = [
    { setupMinutes: '10', runMinutesPerUnit: '2', positionId: 1, departmentId: 7 },
    { setupMinutes: '10', runMinutesPerUnit: '2', positionId: 1, departmentId: 7 },
    { setupMinutes: '10', runMinutesPerUnit: '2', positionId: 2, departmentId: 7, canRunParallel: true },
  ];
  it('is setup + run × Q per operation', () => {
    expect(plannedMinutes(ops[0]!, '10')).toBe('30.00');
  });
  it('counts only sequential operations in the lead time, rounding up to whole days', () => {
    expect(leadTimeDays(ops, '10', 8)).toBe(1);
    expect(leadTimeDays(ops, '235', 8)).toBe(2); // 2 × (10 + 470) = 960 min = 2 days exactly
    expect(leadTimeDays(ops, '236', 8)).toBe(3);
    expect(leadTimeDays([], '5')).toBe(0);
    expect(leadTimeDays(ops, '10', 7.3333)).toBe(1);
    expect(leadTimeDays([{ setupMinutes: '440', runMinutesPerUnit: '0' }], '1', 7.3333)).toBe(2); // 440 > 439.998
  });
  it('prices minutes at the position rate (or the recipe override) and the department overhead', () => {
    const rates = {
      labourRatePerHour: null,
      positionRate: (id: number) => (id === 1 ? '120' : '90'),
      overheadRate: () => '60',
    };
    const costs = costOperations(ops, '10', rates);
    expect(costs.minutes).toBe('90.00');
    expect(costs.labour).toBe('165.00'); // 0.5 h × 120 × 2 + 0.5 h × 90
    expect(costs.overhead).toBe('90.00');
    expect(costOperations(ops, '10', { ...rates, labourRatePerHour: '200' }).labour).toBe('300.00');
  });
});
