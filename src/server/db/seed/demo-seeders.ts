// Composition root of the demo dataset: every module's seeder, in dependency order.
import { inventoryAuditsDemoSeeder } from '@/modules/inventory-audits/server/index.ts';
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
];
