// What the simulated year shares: its warehouse slots, the in-memory mirror of the ledger's balances, the stock
// documents' shape, and the running state (counters, the suppliers' last prices) its parts update.
import type { Db, DbOrTx } from '@/server/kernel/db.ts';
import type { LedgerDocumentType, LedgerIntent, PostedMovement } from '@/modules/stock/server/index.ts';
import type { shipmentLines, shipments } from '@/modules/shipments/server/shipments.table.ts';
import { money, type Random } from '../random.ts';
import type { Catalogue } from '../items.ts';
import type { Parties } from '../parties.ts';
import type { World } from '../world.ts';

/** Warehouse slots (indexes into YearContext.slots). */
export const MAIN = 0;
export const GOODS = 1;
export const PARTS = 2;
export const BRANCH = 3;
/** The defects isolator: a warehouse of the world that the year moves nothing to. */
export const DEFECTS = 4;

/** Lines per stock document (receipts, adjustments, transfers). */
export const DOC_LINES = 150;
/** The least number of extra (budget) movements worth a day's restocking, transfer and adjustment documents. */
export const MIN_EXTRA = 60;
/**
 * Shipments posted at once (separate transactions). Measured on the 2-core bench machine: 4 lanes gave no gain over
 * 1 (the CPU, not the database's latency, is the limit there), so the default is 1; a larger machine may raise it
 * with ERP_BENCH_LANES.
 */
export const LANES = Math.max(1, Number(process.env.ERP_BENCH_LANES ?? 1) || 1);
/** Documents per transaction. */
export const DOCS_PER_TX = 40;

/** On hand and reserved per warehouse slot and local item index: the ledger's balances, mirrored. */
export class Mirror {
  readonly onHand: Float64Array[];
  readonly reserved: Float64Array[];
  constructor(slots: number, n: number) {
    this.onHand = Array.from({ length: slots }, () => new Float64Array(n));
    this.reserved = Array.from({ length: slots }, () => new Float64Array(n));
  }
  move(slot: number, k: number, qty: number) {
    this.onHand[slot]![k] = this.onHand[slot]![k]! + qty;
  }
  reserve(slot: number, k: number, qty: number) {
    this.reserved[slot]![k] = this.reserved[slot]![k]! + qty;
  }
  available(slot: number, k: number) {
    return this.onHand[slot]![k]! - this.reserved[slot]![k]!;
  }
}

export interface Pending {
  orderId: number;
  warehouseSlot: number;
  clientName: string;
  lines: Array<{
    lineId: number;
    k: number;
    qty: number;
    price: string;
    discount: string;
    vat: string;
    net: string;
    vatAmt: string;
    gross: string;
  }>;
}

export interface Written {
  id: number;
  number: string;
  intents: LedgerIntent[];
}

export interface StockDoc {
  type: LedgerDocumentType;
  date: string;
  /** Inserts the document with its lines (status posted) and answers the ledger document and its intents. */
  write?(tx: DbOrTx): Promise<Written>;
  /** A shipment: its rows, written with the rest of its group in one insert per table (writeGroup). */
  bulk?: {
    header: typeof shipments.$inferInsert;
    lines: Array<Omit<typeof shipmentLines.$inferInsert, 'shipmentId'>>;
    /** The ledger document and its intents once the rows have their ids (line ids in the order of `lines`). */
    written(id: number, lineIds: number[]): Written;
  };
  /** After posting: the line costs the service stores from the ledger's answer (shipment lines' COGS). */
  lineCosts?(posted: PostedMovement[]): Array<[lineId: number, unitCost: string]>;
}

export interface LastPrice {
  itemId: number;
  supplierId: number;
  price: string;
  date: string;
}

export interface YearContext {
  db: Db;
  world: World;
  cat: Catalogue;
  parties: Parties;
  r: Random;
  /** Warehouse ids by slot: MAIN, GOODS, PARTS, BRANCH, DEFECTS. */
  slots: number[];
  mirror: Mirror;
  /** The suppliers' last purchase prices by 'itemId:supplierId', as postReceipt keeps them. */
  lastPrice: Map<string, LastPrice>;
  /** Ledger movements posted so far. */
  movements: number;
  shipmentsPosted: number;
  reservations: number;
  /** The last supplier's document number given to a receipt. */
  supplierDoc: number;
  /** Where an item is stocked: parts (components, materials) or finished goods. */
  slotOfItem(k: number): number;
  /** A purchase price near the item's cost (one random draw). */
  unitCostOf(k: number): string;
}

export function createYearContext(db: Db, world: World, cat: Catalogue, parties: Parties, r: Random): YearContext {
  const n = cat.id.length;
  const slots = [world.wh.main, world.wh.goods, world.wh.parts, world.wh.branch, world.wh.defects];
  return {
    db,
    world,
    cat,
    parties,
    r,
    slots,
    mirror: new Mirror(slots.length, n),
    lastPrice: new Map(),
    movements: 0,
    shipmentsPosted: 0,
    reservations: 0,
    supplierDoc: 0,
    slotOfItem: (k) => (cat.kind[k] === 'component' || cat.kind[k] === 'material' ? PARTS : GOODS),
    unitCostOf: (k) => money(cat.cost[k]! * (0.92 + r.next() * 0.16)),
  };
}
