// Composition root of the demo dataset: every module's seeder, in dependency order. Each *.demo.ts file is imported
// itself — the modules' server/index.ts export services only.
import { assemblyDemoSeeder } from '@/modules/assembly/server/assembly.demo.ts';
import { bomDemoSeeder } from '@/modules/bom/server/bom.demo.ts';
import { costingDemoSeeder } from '@/modules/costing/server/costing.demo.ts';
import { manufacturingDemoSeeder } from '@/modules/manufacturing/server/manufacturing.demo.ts';
import { mesDemoSeeder } from '@/modules/mes/server/mes.demo.ts';
import { productionHistoryDemoSeeder } from '@/modules/production-demo/server/production-history.demo.ts';
import { productionJourneyDemoSeeder } from '@/modules/production-demo/server/production-journey.demo.ts';
import { productionForecastsDemoSeeder } from '@/modules/production-forecasts/server/production-forecasts.demo.ts';
import { productionPlanningDemoSeeder } from '@/modules/production-planning/server/production-planning.demo.ts';
import { recipesDemoSeeder } from '@/modules/recipes/server/recipes.demo.ts';
import { repairsDemoSeeder } from '@/modules/repairs/server/repairs.demo.ts';
import { techCardsDemoSeeder } from '@/modules/tech-cards/server/tech-cards.demo.ts';
import { clientMailDemoSeeder } from '@/modules/client-mail/server/client-mail.demo.ts';
import { inventoryAuditsDemoSeeder } from '@/modules/inventory-audits/server/inventory-audits.demo.ts';
import { ordersDemoSeeder } from '@/modules/orders/server/orders.demo.ts';
import { paymentsDemoSeeder } from '@/modules/payments/server/payments.demo.ts';
import { serialNumbersDemoSeeder } from '@/modules/serial-numbers/server/serial-numbers.demo.ts';
import { shipmentsDemoSeeder } from '@/modules/shipments/server/shipments.demo.ts';
import { adjustmentsDemoSeeder } from '@/modules/stock/server/adjustments.demo.ts';
import { supplierOrdersDemoSeeder } from '@/modules/supplier-orders/server/supplier-orders.demo.ts';
import { supplierReceiptsDemoSeeder } from '@/modules/supplier-receipts/server/supplier-receipts.demo.ts';
import { warehouseTransfersDemoSeeder } from '@/modules/warehouse-transfers/server/warehouse-transfers.demo.ts';
import { usersDemoSeeder } from '@/modules/users/server/users.demo.ts';
import { counterpartiesDemoSeeder } from '@/resources/counterparties/counterparties.demo.ts';
import { itemsDemoSeeder } from '@/resources/items/items.demo.ts';
import { referenceDataDemoSeeder } from '@/resources/resources.demo.ts';
import { connectModules } from '../../app.ts';
import type { DemoSeeder } from './demo-seeder.ts';

// The seeders cancel orders, receive supplier orders and write serials off through the modules' ports, and the demo
// command (scripts/demo.ts) and the e2e demo server seed before any app is built: the ports are connected here too.
connectModules();

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
  // After-sales: repairs of the units sold above (parts, time, one invoiced and paid).
  repairsDemoSeeder,
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
  // The past: a year of sales of the made products (forecasts) and eight weeks of terminal work (analytics).
  productionHistoryDemoSeeder,
  // Planned MOs over the next weeks, one department overloaded (capacity planning).
  productionPlanningDemoSeeder,
  // Kits in stock taken apart and assembled again by their BOMs (ASM/DSM).
  assemblyDemoSeeder,
  // The planned unit costs of the demo products, saved once for the history.
  costingDemoSeeder,
  // A monthly demand forecast over the made products, calculated from the shipments above.
  productionForecastsDemoSeeder,
];
