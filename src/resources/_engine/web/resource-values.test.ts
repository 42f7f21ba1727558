import { describe, expect, it } from 'vitest';
import { defineResource } from '@/resources/_engine/define-resource.ts';
import { exportUrl, importUrl, initialListFilter, listUrl } from './resource-api.ts';
import { cellText, formDefaults, payloadValue, resourceResolver, toPayload } from './resource-values.ts';

const def = defineResource({
  route: '/gadgets',
  title: 'Пристрої',
  newLabel: 'Новий пристрій',
  oneLabel: 'пристрій',
  fields: [
    {
      name: 'code',
      label: 'Код',
      kind: 'text',
      required: true,
      pattern: { regex: /^[A-Z]+$/, message: 'Лише літери', upper: true },
    },
    { name: 'rate', label: 'Ставка', kind: 'decimal', scale: 2, min: 0, defaultValue: '1' },
    { name: 'pins', label: 'Виводи', kind: 'integer', required: true, min: 0 },
    { name: 'mount', label: 'Монтаж', kind: 'enum', options: [{ value: 'smd', label: 'SMD' }], filter: true },
    { name: 'ownerId', label: 'Відповідальний', kind: 'reference', references: '/workers', filter: true },
    { name: 'isMain', label: 'Основний', kind: 'boolean' },
  ],
  displayField: 'code',
  defaultSort: '-createdAt',
  importKey: ['code'],
  hasActiveFlag: false,
});

describe('resource values', () => {
  it('turns inputs into API values: decimal comma → point string, integers → numbers, empties → null', () => {
    const [, rate, pins, mount, owner] = def.fields;
    expect(payloadValue(rate!, ' 1 234,50 ')).toBe('1234.50');
    expect(payloadValue(rate!, '')).toBeNull();
    expect(payloadValue(pins!, '12')).toBe(12);
    expect(payloadValue(pins!, '1,5')).toBeNaN();
    expect(payloadValue(pins!, '')).toBeNull();
    expect(payloadValue(mount!, '')).toBeNull();
    expect(payloadValue(owner!, 7)).toBe(7);
    expect(toPayload(def, formDefaults(def))).toEqual({
      code: '',
      rate: '1',
      pins: null,
      mount: null,
      ownerId: null,
      isMain: false,
    });
  });

  it('starts an edit from the row, numbers as text', () => {
    expect(
      formDefaults(def, { id: 1, code: 'AB', rate: '2.50', pins: 8, mount: null, ownerId: 3, isMain: true }),
    ).toEqual({ code: 'AB', rate: '2.50', pins: '8', mount: '', ownerId: 3, isMain: true });
  });

  it('validates with the declaration’s schema and says an empty required field is required', async () => {
    const resolve = resourceResolver(def, 'create');
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    const empty = await resolve(formDefaults(def), undefined, options);
    expect(empty.errors.code?.message).toBe("Обов'язкове поле");
    expect(empty.errors.pins?.message).toBe("Обов'язкове поле");

    const bad = await resolve({ ...formDefaults(def), code: 'a1', pins: '-1', rate: '1,234' }, undefined, options);
    expect(bad.errors.code?.message).toBe('Лише літери');
    expect(bad.errors.pins?.message).toBe('Не менше 0');
    expect(bad.errors.rate?.message).toBe('Вкажіть число (не більше 2 знаків після коми)');

    const good = await resolve({ ...formDefaults(def), code: ' ab ', pins: '4', rate: '0,5' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ code: 'AB', rate: '0.5', pins: 4, mount: null, ownerId: null, isMain: false });
  });

  it('shows list cells in Ukrainian', () => {
    const [code, , , mount, owner, isMain] = def.fields;
    const row = { id: 5, code: 'AB', mount: 'smd', ownerId: 3, ownerIdLabel: 'Коваль Олена', isMain: false };
    expect(cellText(code!, row)).toBe('AB');
    expect(cellText(mount!, row)).toBe('SMD');
    expect(cellText(owner!, row)).toBe('Коваль Олена');
    expect(cellText(isMain!, row)).toBe('Ні');
    expect(cellText(owner!, { id: 6, ownerId: null })).toBe('—');
  });

  it('builds list, export and import URLs; no isActive for a resource without the flag', () => {
    const filter = { ...initialListFilter(def), page: 3, search: 'а б', filters: { mount: 'smd', ownerId: '3' } };
    expect(listUrl(def, filter)).toBe(
      '/api/gadgets?page=3&limit=50&search=%D0%B0+%D0%B1&sort=-createdAt&mount=smd&ownerId=3',
    );
    expect(exportUrl(def, filter, 'xlsx')).toBe(
      '/api/gadgets/export?format=xlsx&search=%D0%B0+%D0%B1&sort=-createdAt&mount=smd&ownerId=3',
    );
    expect(importUrl(def, { dryRun: true })).toBe('/api/gadgets/import?dryRun=1');
    expect(importUrl(def, { dryRun: false, mapping: { 'Код виробу': 'code' } })).toBe(
      `/api/gadgets/import?mapping=${encodeURIComponent('{"Код виробу":"code"}')}`,
    );
  });
});

describe('a list of names (textList)', () => {
  const carriers = defineResource({
    route: '/couriers',
    title: 'Кур’єри',
    newLabel: 'Новий кур’єр',
    oneLabel: 'кур’єра',
    fields: [
      { name: 'name', label: 'Назва', kind: 'text', required: true, list: true },
      { name: 'alternativeNames', label: 'Інші назви', kind: 'textList', maxLength: 10, alias: true },
    ],
    displayField: 'name',
    defaultSort: 'name',
    importKey: ['name'],
    hasActiveFlag: false,
  });
  const names = carriers.fields[1]!;

  it('is edited one name a line and sent as a clean list; the list cell joins them', async () => {
    expect(formDefaults(carriers, { id: 1, name: 'НП', alternativeNames: ['Нова', 'Nova'] }).alternativeNames).toBe(
      'Нова\nNova',
    );
    expect(formDefaults(carriers).alternativeNames).toBe('');
    expect(payloadValue(names, ' Нова \n\nnova\nNova Poshta')).toEqual([' Нова ', '', 'nova', 'Nova Poshta']);
    const resolved = await resourceResolver(carriers, 'create')(
      { name: 'НП', alternativeNames: ' Нова \n\nнова\nPoshta' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(resolved.values).toEqual({ name: 'НП', alternativeNames: ['Нова', 'Poshta'] });
    expect(cellText(names, { id: 1, alternativeNames: ['Нова', 'Nova'] })).toBe('Нова, Nova');
    expect(cellText(names, { id: 1, alternativeNames: [] })).toBe('—');
  });

  it('shows an entry’s error as the field’s own', async () => {
    const resolved = await resourceResolver(carriers, 'create')(
      { name: 'НП', alternativeNames: 'Нова\nНадто довга назва' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(resolved.errors.alternativeNames?.message).toBe('Не довше 10 символів');
  });
});
