import { describe, expect, it } from 'vitest';
import { routeCatalog } from '@/shared/route-catalog.ts';
import { navIcons } from './nav-icons.ts';
import { pageTitle, visibleNavGroups, visibleUserMenu } from './nav-model.ts';

const all = new Set(routeCatalog.map((entry) => entry.route));
const everything = () => true;

describe('navigation model', () => {
  it('finds the icon of every catalogue entry in the explicit map', () => {
    for (const entry of routeCatalog) expect(navIcons[entry.icon], entry.route).toBeDefined();
  });

  it('keeps the catalogue order of groups and items and hides empty groups', () => {
    const groups = visibleNavGroups(all, everything);
    expect(groups.map((group) => group.label)).toEqual([
      'Головне',
      'Продажі',
      'Склад',
      'Виробництво',
      'Довідники',
      'Звіти',
      'Адміністрування',
    ]);
    expect(groups[0]!.items.map((item) => item.route)).toEqual(['/', '/dashboard']);

    const some = visibleNavGroups(new Set(['/', '/users', '/orders']), (route) => route !== '/orders');
    expect(some.map((group) => [group.label, group.items.map((item) => item.route)])).toEqual([
      ['Головне', ['/']],
      ['Адміністрування', ['/users']],
    ]);
  });

  it('lists the user menu in the order of spec §2, registered pages only', () => {
    expect(visibleUserMenu(all, everything).map((item) => item.route)).toEqual([
      '/profile',
      '/settings',
      '/my-analytics',
      '/my-documents',
      '/messages',
      '/notifications',
    ]);
    expect(visibleUserMenu(new Set(['/profile', '/messages']), everything).map((item) => item.label)).toEqual([
      'Профіль',
      'Повідомлення',
    ]);
  });

  it('titles a page by its catalogue route, and any other path as not found', () => {
    expect(pageTitle('/', all)).toBe('Головна');
    expect(pageTitle('/inventory-audits/4', all)).toBe('Інвентаризація');
    expect(pageTitle('/orders', new Set(['/']))).toBe('Сторінку не знайдено');
    expect(pageTitle('/nowhere', all)).toBe('Сторінку не знайдено');
  });
});
