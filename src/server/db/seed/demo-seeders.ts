// Composition root of the demo dataset: every module's seeder, in dependency order.
import { bomDemoSeeder } from '@/modules/bom/server/index.ts';
import { manufacturingDemoSeeder } from '@/modules/manufacturing/server/index.ts';
import { mesDemoSeeder } from '@/modules/mes/server/index.ts';
import { productionJourneyDemoSeeder } from '@/modules/production-demo/server/index.ts';
import { recipesDemoSeeder } from '@/modules/recipes/server/index.ts';
import { techCardsDemoSeeder } from '@/modules/tech-cards/server/index.ts';
import { clientMailDemoSeeder } from '@/modules/client-mail/server/index.ts';
import { inventoryAuditsDemoSeeder } from '@/modules/inventory-audits/server/index.ts';
import { ordersDemoSeeder } from '@/modules/orders/server/index.ts';
import { paymentsDemoSeeder } from '@/modules/payments/server/index.ts';
import { serialNumbersDemoSeeder } from '@/modules/serial-numbers/server/index.ts';
import { shipmentsDemoSeeder } from '@/modules/shipments/server/index.ts';
import { adjustmentsDemoSeeder } from '@/modules/stock/server/index.ts';
import { supplierOrdersDemoSeeder } from '@/modules/supplier-orders/server/index.ts';
import { supplierReceiptsDemoSeeder } from '@/modules/supplier-receipts/server/index.ts';
import { warehouseTransfersDemoSeeder } from '@/modules/warehouse-transfers/server/index.ts';
import { usersDemoSeeder } from '@/modules/users/server/index.ts';
import { counterpartiesDemoSeeder } from '@/resources/counterparties/counterparties.demo.ts';
import { itemsDemoSeeder } from '@/resources/items/items.demo.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import type { DemoSeeder } from './demo-seeder.ts';

export const demoSeeders: readonly DemoSeeder[] = [
  usersDemoSeeder,
  referenceDataDemoSeeder,
  itemsDemoSeeder,
  counterpartiesDemoSeeder,
  supplierReceiptsDemoSeeder,
  adjustmentsDemoSeeder,
  supplierOrdersDemoSeeder,
  warehouseTransfersDemoSeeder,
  inventoryAuditsDemoSeeder,
  // Sales: serials for the tracked units in stock, then orders reserving stock, shipments of some of them (with
  // those serials), payments for some, and the paper mail.
  serialNumbersDemoSeeder,
  ordersDemoSeeder,
  shipmentsDemoSeeder,
  paymentsDemoSeeder,
  clientMailDemoSeeder,
  // Production: what products are made of and how, then manufacturing orders in every state (materials issued,
  // outputs posted) and the shop-floor terminal's time entries on them.
  bomDemoSeeder,
  techCardsDemoSeeder,
  recipesDemoSeeder,
  manufacturingDemoSeeder,
  mesDemoSeeder,
  // The whole path: order → ordered products → MO → materials → terminal → output → shipment.
  productionJourneyDemoSeeder,
];
