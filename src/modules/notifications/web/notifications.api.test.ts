import { describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS_DEFAULT_LIMIT,
  notificationPriorityValues,
  notificationStatusValues,
  notificationTypeValues,
} from '../notifications.contract.ts';
import { NOTIFICATIONS_PAGE_SIZE } from './notifications.api.ts';
import { notificationsPageMessages as messages } from './notifications.messages.ts';
import { priorityTone } from './notification-display.ts';

describe('the web half against the contract', () => {
  it('pages by the contract default of 50 (spec §9)', () => {
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(NOTIFICATIONS_DEFAULT_LIMIT);
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(50);
  });

  it('names every type, priority and status in Ukrainian, and nothing else', () => {
    expect(Object.keys(messages.types).sort()).toEqual([...notificationTypeValues].sort());
    expect(Object.keys(messages.priorities).sort()).toEqual([...notificationPriorityValues].sort());
    expect(Object.keys(messages.filters.statuses).sort()).toEqual([...notificationStatusValues].sort());
  });
});

describe('priorityTone (spec §3)', () => {
  it('styles high, medium and low, and leaves anything else neutral', () => {
    expect(priorityTone('high')).toBe('high');
    expect(priorityTone('medium')).toBe('medium');
    expect(priorityTone('low')).toBe('low');
    expect(priorityTone('critical')).toBe('neutral');
    expect(priorityTone('')).toBe('neutral');
  });
});
