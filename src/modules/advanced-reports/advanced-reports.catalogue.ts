// The catalogue of the advanced reports (reports-admin.md §3): for each report its key, Ukrainian title, the
// parameters its form is built from and the columns of its table. Shared by the server (validation, exports) and the
// page (the form and the preview), so the two never disagree. `paramsSchemaOf` turns a report's fields into its zod
// schema: a period is two Kyiv days checked like every report's period, a reference a database id.
import { z } from '@/shared/zod-uk.ts';
import { dbId } from '@/shared/contract.ts';
import { documentDate } from '@/shared/document-date.ts';
import { checkReportPeriod, reportPeriodShape } from '@/shared/report-period.ts';
import { moStatusLabels } from '@/modules/manufacturing/manufacturing.contract.ts';
import { advancedReportsMessages as m } from './advanced-reports.messages.ts';

export type ParamKind = 'date' | 'period' | 'reference' | 'choice';
export type ColumnKind = 'text' | 'qty' | 'money' | 'date' | 'percent';

export interface ParamField {
  /** The query key (a period is `from` and `to`; its name is 'period'). */
  name: string;
  kind: ParamKind;
  label: string;
  /** A reference: the route whose records it picks (the form's picker reads that resource). */
  route?: string;
  /** A choice: its values with labels. */
  options?: ReadonlyArray<{ value: string; label: string }>;
}

export interface ReportColumn {
  key: string;
  header: string;
  kind: ColumnKind;
}

export interface ReportMeta {
  key: string;
  title: string;
  description: string;
  params: readonly ParamField[];
  columns: readonly ReportColumn[];
  /** Printed landscape (a wide table). */
  landscape: boolean;
  /** Routes whose data the report shows: the user must be able to view each of them too. */
  dataRoutes: readonly string[];
}

const period: ParamField = { name: 'period', kind: 'period', label: 'Період' };
const asOf: ParamField = { name: 'asOf', kind: 'date', label: 'На дату' };
const ref = (name: string, label: string, route: string): ParamField => ({ name, kind: 'reference', label, route });
const item = ref('itemId', 'Товар', '/products');
const category = ref('categoryId', 'Категорія', '/product-categories');
const warehouse = ref('warehouseId', 'Склад', '/warehouses');
const client = ref('clientId', 'Клієнт', '/clients');
const company = ref('companyId', 'Компанія', '/companies');
const supplier = ref('supplierId', 'Постачальник', '/suppliers');
const col = (key: string, header: string, kind: ColumnKind = 'text'): ReportColumn => ({ key, header, kind });
const sku = col('sku', 'Артикул');
const itemName = col('item', 'Товар');

export const reportCatalogue: readonly ReportMeta[] = [
  {
    key: 'stock-at-date',
    title: 'Залишки на дату',
    description: 'Кількість і вартість кожного товару на кожному складі на кінець дня',
    params: [asOf, warehouse, item, category],
    columns: [
      sku,
      itemName,
      col('warehouse', 'Склад'),
      col('qty', 'Кількість', 'qty'),
      col('value', 'Вартість, грн', 'money'),
    ],
    landscape: false,
    dataRoutes: ['/inventory'],
  },
  {
    key: 'stock-turnover',
    title: 'Оборотна відомість',
    description: 'Залишок на початок, надходження, видаток і залишок на кінець періоду',
    params: [period, warehouse, item, category],
    columns: [
      sku,
      itemName,
      col('warehouse', 'Склад'),
      col('openingQty', 'Початковий залишок', 'qty'),
      col('openingValue', 'Початкова вартість, грн', 'money'),
      col('inQty', 'Надійшло', 'qty'),
      col('inValue', 'Надійшло, грн', 'money'),
      col('outQty', 'Вибуло', 'qty'),
      col('outValue', 'Вибуло, грн', 'money'),
      col('closingQty', 'Кінцевий залишок', 'qty'),
      col('closingValue', 'Кінцева вартість, грн', 'money'),
    ],
    landscape: true,
    dataRoutes: ['/inventory'],
  },
  {
    key: 'sales-register',
    title: 'Реєстр продажів',
    description: 'Кожен рядок проведених відвантажень періоду',
    params: [period, client, company, item, category],
    columns: [
      col('day', 'Дата', 'date'),
      col('client', 'Клієнт'),
      sku,
      itemName,
      col('qty', 'Кількість', 'qty'),
      col('revenue', 'Виручка без ПДВ, грн', 'money'),
      col('revenueGross', 'Виручка з ПДВ, грн', 'money'),
      col('cogs', 'Собівартість, грн', 'money'),
      col('grossProfit', 'Валовий прибуток, грн', 'money'),
    ],
    landscape: true,
    dataRoutes: ['/shipments'],
  },
  {
    key: 'receivables',
    title: 'Дебіторська заборгованість',
    description: 'Сальдо клієнтів на дату з розбивкою неоплаченого за віком',
    params: [asOf, client],
    columns: [
      col('client', 'Клієнт'),
      col('balance', 'Сальдо, грн', 'money'),
      col('days0to30', '0–30 днів, грн', 'money'),
      col('days31to60', '31–60 днів, грн', 'money'),
      col('days61to90', '61–90 днів, грн', 'money'),
      col('over90', 'Понад 90 днів, грн', 'money'),
      col('overdue', 'Прострочено, грн', 'money'),
    ],
    landscape: true,
    dataRoutes: ['/clients'],
  },
  {
    key: 'payments-register',
    title: 'Реєстр оплат',
    description: 'Проведені платежі періоду з їх розподілом по замовленнях',
    params: [period, client, company],
    columns: [
      col('day', 'Дата', 'date'),
      col('number', 'Платіж'),
      col('type', 'Вид'),
      col('client', 'Клієнт'),
      col('amount', 'Сума, грн', 'money'),
      col('orderNumber', 'Замовлення'),
      col('allocated', 'Розподілено, грн', 'money'),
    ],
    landscape: false,
    dataRoutes: ['/payments'],
  },
  {
    key: 'purchases-register',
    title: 'Реєстр закупівель',
    description: 'Рядки проведених приходів із собівартістю з урахуванням додаткових витрат',
    params: [period, supplier, warehouse, item],
    columns: [
      col('day', 'Дата', 'date'),
      col('number', 'Прихід'),
      col('supplier', 'Постачальник'),
      col('warehouse', 'Склад'),
      sku,
      itemName,
      col('qty', 'Кількість', 'qty'),
      col('unitPrice', 'Ціна', 'money'),
      col('unitCost', 'Собівартість од., грн', 'money'),
      col('value', 'Вартість, грн', 'money'),
    ],
    landscape: true,
    dataRoutes: ['/supplier-receipts'],
  },
  {
    key: 'mo-register',
    title: 'Виробничі замовлення',
    description: 'Замовлення на виробництво з плановою і фактичною собівартістю та відхиленням',
    params: [
      period,
      item,
      {
        name: 'status',
        kind: 'choice',
        label: 'Стан',
        options: (['planned', 'released', 'in_progress', 'completed'] as const).map((value) => ({
          value,
          label: moStatusLabels[value],
        })),
      },
    ],
    columns: [
      col('number', 'Номер'),
      col('plannedStart', 'Плановий початок', 'date'),
      col('status', 'Стан'),
      sku,
      itemName,
      col('qty', 'Кількість', 'qty'),
      col('plannedTotal', 'Планова собівартість, грн', 'money'),
      col('actualTotal', 'Фактична собівартість, грн', 'money'),
      col('variance', 'Відхилення, грн', 'money'),
    ],
    landscape: true,
    dataRoutes: ['/manufacturing'],
  },
  {
    key: 'serials',
    title: 'Серійні номери',
    description: 'Серійні номери зі станом, клієнтом і кінцем гарантії',
    params: [item, client],
    columns: [
      col('serial', 'Серійний номер'),
      sku,
      itemName,
      col('status', 'Стан'),
      col('client', 'Клієнт'),
      col('soldOn', 'Продано', 'date'),
      col('warrantyEnd', 'Гарантія до', 'date'),
    ],
    landscape: false,
    dataRoutes: ['/serial-numbers'],
  },
  {
    key: 'open-supplier-orders',
    title: 'Відкриті замовлення постачальникам',
    description: 'Незакриті рядки замовлень постачальникам: залишок до отримання, очікувана дата, прострочення',
    params: [asOf, supplier, item],
    columns: [
      col('number', 'Замовлення'),
      col('orderDate', 'Дата', 'date'),
      col('supplier', 'Постачальник'),
      sku,
      itemName,
      col('ordered', 'Замовлено', 'qty'),
      col('received', 'Отримано', 'qty'),
      col('remaining', 'Залишок', 'qty'),
      col('expectedDate', 'Очікується', 'date'),
      col('overdueDays', 'Прострочено, днів', 'qty'),
    ],
    landscape: true,
    dataRoutes: ['/supplier-orders'],
  },
  {
    key: 'carrier-shipments',
    title: 'Відвантаження за перевізниками',
    description: 'Кількість відвантажень, вартість доставки і середній строк доставки за перевізниками',
    params: [period, company],
    columns: [
      col('carrier', 'Перевізник'),
      col('shipments', 'Відвантажень', 'qty'),
      col('shippingCost', 'Вартість доставки, грн', 'money'),
      col('avgDeliveryDays', 'Середній строк доставки, днів', 'qty'),
    ],
    landscape: false,
    dataRoutes: ['/shipments'],
  },
];

export const reportKeys = reportCatalogue.map((r) => r.key);
export const reportMeta = (key: string): ReportMeta | undefined => reportCatalogue.find((r) => r.key === key);

export const MAX_PAGE_SIZE = 500;
export const exportFormats = ['json', 'csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The paging and format keys every report takes beside its own parameters. */
const commonShape = {
  page: z.coerce.number({ error: m.page }).int({ error: m.page }).min(1, { error: m.page }).max(1_000_000).default(1),
  pageSize: z.coerce
    .number({ error: m.pageSize })
    .int({ error: m.pageSize })
    .min(1, { error: m.pageSize })
    .max(MAX_PAGE_SIZE, { error: m.pageSize })
    .default(50),
  format: z.enum(exportFormats, { error: m.format }).default('json'),
};

/** The zod schema of a report's query: its fields plus page, pageSize and format; unknown keys are refused. */
export function paramsSchemaOf(meta: Pick<ReportMeta, 'params'>) {
  const shape: Record<string, z.ZodType> = { ...commonShape };
  let hasPeriod = false;
  for (const f of meta.params) {
    if (f.kind === 'period') {
      Object.assign(shape, reportPeriodShape);
      hasPeriod = true;
    } else if (f.kind === 'date') shape[f.name] = documentDate(m.requiredDate).optional();
    else if (f.kind === 'reference') shape[f.name] = dbId().optional();
    else {
      const values = (f.options ?? []).map((o) => o.value) as [string, ...string[]];
      shape[f.name] = z.enum(values, { error: m.choice }).optional();
    }
  }
  const schema = z.strictObject(shape);
  return hasPeriod ? schema.superRefine((q, ctx) => checkReportPeriod(q as { from: string; to: string }, ctx)) : schema;
}

/** A report's parsed query: its own parameters (strings and ids) with page, pageSize and format. */
export interface ReportQuery {
  page: number;
  pageSize: number;
  format: ExportFormat;
  [name: string]: string | number | undefined;
}
