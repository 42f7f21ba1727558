// The document registers of the catalogue (reports-admin.md §3): payments from the cash facts with their allocations,
// posted receipt lines with their landed unit cost, manufacturing orders with planned and actual cost, serial numbers
// with their warranty end, the open lines of supplier orders and the shipments of each carrier.
import { sql } from 'drizzle-orm';
import { cashFacts } from '@/modules/reports/server/index.ts';
import { paymentTypeLabels } from '@/modules/payments/payments.contract.ts';
import { moStatusLabels } from '@/modules/manufacturing/manufacturing.contract.ts';
import { serialStatusLabels } from '@/modules/serial-numbers/serial-numbers.contract.ts';
import { advancedReportsMessages as m } from '../advanced-reports.messages.ts';
import { reportMeta, type ReportQuery } from '../advanced-reports.catalogue.ts';
import { andEq, idOf, labelOf, orderOf, sqlReader, type ReportDefinition } from './report-kit.ts';

const meta = (key: string) => reportMeta(key)!;
const str = (q: ReportQuery, name: string) => String(q[name]);

export const paymentsRegister: ReportDefinition = {
  meta: meta('payments-register'),
  read: sqlReader(
    (q) => sql`select f.day::text as day, p.number, ${labelOf('p.type', paymentTypeLabels)}
        as type, c.name as client, round(f.amount, 2)::text as amount, o.order_number as "orderNumber",
        round(a.amount * p.fx_rate, 2)::text as allocated
      from (${cashFacts({
        from: str(q, 'from'),
        to: str(q, 'to'),
        clientId: idOf(q, 'clientId'),
        companyId: idOf(q, 'companyId'),
      })}) f
      join payments p on p.id = f.payment_id
      left join counterparties c on c.id = f.client_id
      left join payment_allocations a on a.payment_id = p.id
      left join orders o on o.id = a.order_id`,
    orderOf('day', 'number', 'orderNumber'),
  ),
};

export const purchasesRegister: ReportDefinition = {
  meta: meta('purchases-register'),
  read: sqlReader(
    (q) => sql`select r.document_date::text as day, r.number, s.name as supplier, w.name as warehouse, i.sku,
        i.name as item, l.qty::text as qty, round(l.unit_price, 2)::text as "unitPrice",
        round(l.unit_cost, 2)::text as "unitCost", round(l.qty * l.unit_cost, 2)::text as value, l.line_no
      from supplier_receipts r
      join supplier_receipt_lines l on l.receipt_id = r.id
      join counterparties s on s.id = r.supplier_id
      join warehouses w on w.id = r.warehouse_id
      join items i on i.id = l.item_id
      where r.status = 'posted' and r.document_date between ${str(q, 'from')}::date and ${str(q, 'to')}::date
        ${andEq('r.supplier_id', idOf(q, 'supplierId'))} ${andEq('r.warehouse_id', idOf(q, 'warehouseId'))}
        ${andEq('l.item_id', idOf(q, 'itemId'))}`,
    orderOf('day', 'number', 'line_no'),
  ),
};

export const moRegister: ReportDefinition = {
  meta: meta('mo-register'),
  read: sqlReader(
    (q) => sql`select mo.number, mo.planned_start::text as "plannedStart", ${labelOf('mo.status', moStatusLabels)}
        as status, i.sku, i.name as item, mo.qty::text as qty, round(mo.planned_total, 2)::text as "plannedTotal",
        round(mo.actual_total, 2)::text as "actualTotal",
        round(mo.actual_total - mo.planned_total, 2)::text as variance
      from manufacturing_orders mo
      join items i on i.id = mo.item_id
      where mo.status <> 'cancelled'
        and mo.planned_start between ${str(q, 'from')}::date and ${str(q, 'to')}::date
        ${andEq('mo.item_id', idOf(q, 'itemId'))}
        ${q.status ? sql`and mo.status = ${String(q.status)}` : sql``}`,
    orderOf('plannedStart', 'number'),
  ),
};

export const serialsReport: ReportDefinition = {
  meta: meta('serials'),
  read: sqlReader(
    (q) => sql`select s.serial, i.sku, i.name as item, ${labelOf('s.status', serialStatusLabels)} as status,
        c.name as client, (s.sold_at at time zone 'Europe/Kyiv')::date::text as "soldOn",
        ((s.sold_at at time zone 'Europe/Kyiv')::date + make_interval(months => i.warranty_months))::date::text
          as "warrantyEnd"
      from serial_numbers s
      join items i on i.id = s.item_id
      left join counterparties c on c.id = s.client_id
      where true ${andEq('s.item_id', idOf(q, 'itemId'))} ${andEq('s.client_id', idOf(q, 'clientId'))}`,
    orderOf('~item', 'serial'),
  ),
};

export const openSupplierOrders: ReportDefinition = {
  meta: meta('open-supplier-orders'),
  read: sqlReader(
    (q) => {
      const asOf = str(q, 'asOf');
      return sql`select x.number, x.order_date::text as "orderDate", x.supplier, x.sku, x.item, x.qty::text as ordered,
        x.received::text as received, (x.qty - x.received)::text as remaining, x.expected::text as "expectedDate",
        greatest(0, ${asOf}::date - x.expected)::text as "overdueDays", x.line_no
      from (select so.number, so.order_date, s.name as supplier, i.sku, i.name as item, l.qty, l.line_no,
          coalesce(l.expected_date, so.expected_date) as expected,
          coalesce((select sum(rl.qty) from supplier_receipt_lines rl join supplier_receipts r on r.id = rl.receipt_id
            where rl.supplier_order_line_id = l.id and r.status = 'posted'), 0) as received
        from supplier_orders so
        join supplier_order_lines l on l.order_id = so.id
        join counterparties s on s.id = so.supplier_id
        join items i on i.id = l.item_id
        where so.status in ('sent', 'confirmed', 'partially_received') and so.order_date <= ${asOf}::date
          ${andEq('so.supplier_id', idOf(q, 'supplierId'))} ${andEq('l.item_id', idOf(q, 'itemId'))}) x
      where x.qty > x.received`;
    },
    orderOf('expectedDate', 'number', 'line_no'),
  ),
};

export const carrierShipments: ReportDefinition = {
  meta: meta('carrier-shipments'),
  read: sqlReader(
    (q) => sql`select coalesce(cr.name, ${m.noCarrier}) as carrier, count(*)::text as shipments,
        round(coalesce(sum(s.shipping_cost), 0), 2)::text as "shippingCost",
        round(avg((s.delivered_at at time zone 'Europe/Kyiv')::date - s.shipment_date), 1)::text
          as "avgDeliveryDays"
      from shipments s
      join orders o on o.id = s.order_id
      left join carriers cr on cr.id = s.carrier_id
      where s.status = 'posted' and s.shipment_date between ${str(q, 'from')}::date and ${str(q, 'to')}::date
        ${andEq('o.company_id', idOf(q, 'companyId'))}
      group by cr.name`,
    orderOf('~carrier'),
  ),
};
