// Posting the year's stock documents through the ledger's bulk path postManyToLedger: a group of documents per call
// and transaction, each valued as postToLedger would value it alone, with the shipments' line costs and one 'post'
// audit record per document.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/kernel/db.ts';
import { auditLog } from '@/modules/system-logs/server/index.ts';
import { postManyToLedger, type LedgerDocumentType } from '@/modules/stock/server/index.ts';
import { shipmentLines, shipments } from '@/modules/shipments/server/shipments.table.ts';
import { ACTOR, CHUNK, fastCommit } from '../bulk.ts';
import { DOC_LINES, DOCS_PER_TX, type StockDoc, type Written, type YearContext } from './context.ts';

const auditEntity: Record<LedgerDocumentType, string> = {
  supplier_receipt: 'supplier_receipts',
  shipment: 'shipments',
  transfer: 'warehouse_transfers',
  inventory_audit: 'inventory_audits',
  mo_issue: 'mo_issues',
  mo_output: 'mo_outputs',
  assembly: 'assemblies',
  disassembly: 'disassemblies',
  repair_parts: 'repair_parts',
  adjustment: 'stock_adjustments',
};

/**
 * Posts documents through postManyToLedger, each with all its lines: `perTx` documents per transaction and call,
 * `lanes` transactions at once. Parallel lanes post one document per transaction, so each transaction takes its item
 * locks in the ledger's one order and two lanes can only wait for each other, never deadlock.
 */
export async function postAll(y: YearContext, docs: StockDoc[], lanes = 1) {
  const perTx = lanes > 1 ? 1 : DOCS_PER_TX;
  const groups: StockDoc[][] = [];
  for (let i = 0; i < docs.length; i += perTx) groups.push(docs.slice(i, i + perTx));
  let next = 0;
  const lane = async () => {
    while (next < groups.length) await postGroup(y, groups[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, groups.length) }, lane));
}

/** Splits lines into documents of at most DOC_LINES. */
export function inDocs<L>(lines: L[], make: (chunk: L[]) => StockDoc): StockDoc[] {
  const out: StockDoc[] = [];
  for (let i = 0; i < lines.length; i += DOC_LINES) out.push(make(lines.slice(i, i + DOC_LINES)));
  return out;
}

/** Writes a group's documents: each its own way, the shipments together (one insert for headers, one for lines). */
async function writeGroup(tx: DbOrTx, group: StockDoc[]): Promise<Written[]> {
  const out: Written[] = [];
  const bulk: Array<[StockDoc, number]> = [];
  for (const [i, doc] of group.entries()) {
    if (doc.write) out[i] = await doc.write(tx);
    else bulk.push([doc, i]);
  }
  if (!bulk.length) return out;
  const heads = await tx
    .insert(shipments)
    .values(bulk.map(([doc]) => doc.bulk!.header))
    .returning({ id: shipments.id, number: shipments.number });
  const idOf = new Map(heads.map((h) => [h.number, h.id]));
  const lines = bulk.flatMap(([doc]) =>
    doc.bulk!.lines.map((l) => ({ ...l, shipmentId: idOf.get(doc.bulk!.header.number)! })),
  );
  const lineIds = new Map<number, number[]>();
  for (let at = 0; at < lines.length; at += CHUNK) {
    const rows = await tx
      .insert(shipmentLines)
      .values(lines.slice(at, at + CHUNK))
      .returning({ id: shipmentLines.id, shipmentId: shipmentLines.shipmentId });
    for (const r of rows) lineIds.set(r.shipmentId, [...(lineIds.get(r.shipmentId) ?? []), r.id]);
  }
  for (const [doc, i] of bulk) {
    const id = idOf.get(doc.bulk!.header.number)!;
    out[i] = doc.bulk!.written(id, lineIds.get(id) ?? []);
  }
  return out;
}

async function postGroup(y: YearContext, group: StockDoc[]) {
  await y.db.transaction(async (tx) => {
    await fastCommit(tx);
    const written = await writeGroup(tx, group);
    // The ledger's bulk path: the group's documents posted in order, each as postToLedger would post it alone.
    const posted = await postManyToLedger(
      tx,
      group.map((doc, i) => ({
        doc: { type: doc.type, id: written[i]!.id, number: written[i]!.number, date: doc.date, userId: null },
        intents: written[i]!.intents,
      })),
    );
    const costs = group.flatMap((doc, i) => doc.lineCosts?.(posted[i]!) ?? []);
    for (let at = 0; at < costs.length; at += CHUNK) {
      const values = sql.join(
        costs.slice(at, at + CHUNK).map(([id, cost]) => sql`(${id}::int, ${cost}::numeric)`),
        sql`, `,
      );
      await tx.execute(
        sql`update shipment_lines s set unit_cost = v.cost from (values ${values}) as v(id, cost) where s.id = v.id`,
      );
    }
    const auditRows = group.map((doc, i): typeof auditLog.$inferInsert => ({
      userId: null,
      actor: ACTOR,
      action: 'post',
      entityType: auditEntity[doc.type],
      entityId: String(written[i]!.id),
      after: { number: written[i]!.number, date: doc.date, status: 'posted', lines: written[i]!.intents.length },
    }));
    for (const doc of group) if (doc.type === 'shipment') y.shipmentsPosted += 1;
    y.movements += posted.reduce((n, p) => n + p.length, 0);
    if (auditRows.length) await tx.insert(auditLog).values(auditRows);
  });
}
