// /api/supplier-receipts (warehouse.md §6): the GRN document's lifecycle, keyed to /supplier-receipts.
import { DomainError } from '@/shared/api-error.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { itemLineUnits } from '@/resources/units/units.read.ts';
import { readSheet } from '@/resources/_engine/server/tabular.ts';
import { defaultReceivingWarehouse } from '@/modules/supplier-orders/server/index.ts';
import { rateOn } from '@/modules/currency-rates/server/index.ts';
import { receiptMessages, supplierReceiptsSchemas } from '../supplier-receipts.contract.ts';
import { supplierReceiptsEndpoints } from '../supplier-receipts.endpoints.ts';
import { receiptPrintTitle, renderReceiptPrint } from './supplier-receipts.print.ts';
import { importReceiptLines, scanIntoReceipt } from './supplier-receipts.quick-add.ts';
import { cancelReceipt, postReceipt } from './supplier-receipts.posting.ts';
import { getReceipt, listReceipts } from './supplier-receipts.read.ts';
import { createReceipt, deleteReceipt, updateReceipt } from './supplier-receipts.write.ts';

export async function supplierReceiptsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const { bodyTypes, bodyLimit } = supplierReceiptsEndpoints.importLines;

  // Lines from a file arrive as the raw CSV or XLSX body (decision 0006).
  app.addContentTypeParser([...bodyTypes], { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  /** The rate typed on the document, else 1 for the base currency, else the NBU rate on the date (409 when none). */
  const rateFor = async (currencyCode: string, documentDate: string, typed: string | undefined) =>
    typed ?? (await rateOn(db, deps.config.nbuApiUrl, currencyCode, documentDate)).rate;

  serve(app, supplierReceiptsEndpoints, supplierReceiptsSchemas, {
    list: async (request) => listReceipts(db, request.query),
    // The supplier order's rule, one rule for both documents (supplier-orders.defaults.ts).
    defaultWarehouse: async (request) => defaultReceivingWarehouse(db, request.query.itemIds ?? []),
    itemUnits: async (request) => itemLineUnits(db, request.query.itemId),
    get: async (request) => getReceipt(db, request.params.id),
    print: async (request, reply) => {
      const doc = await getReceipt(db, request.params.id);
      return sendPdf(reply, `${receiptPrintTitle} ${doc.number}.pdf`, await renderReceiptPrint(db, doc));
    },
    create: async (request) => {
      const { currencyCode, documentDate, fxRate } = request.body;
      return createReceipt(db, auditContext(request), {
        ...request.body,
        fxRate: await rateFor(currencyCode, documentDate, fxRate),
      });
    },
    update: async (request) => {
      const body = request.body;
      // A new currency without a typed rate takes the rate on the (new or stored) document date.
      if (body.currencyCode !== undefined && body.fxRate === undefined) {
        const documentDate = body.documentDate ?? (await getReceipt(db, request.params.id)).documentDate;
        body.fxRate = await rateFor(body.currencyCode, documentDate, undefined);
      }
      return updateReceipt(db, auditContext(request), request.params.id, body);
    },
    remove: async (request, reply) => {
      await deleteReceipt(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    post: async (request) =>
      postReceipt(db, auditContext(request), request.params.id, request.body?.version, request.body?.serials),
    cancel: async (request) => cancelReceipt(db, auditContext(request), request.params.id, request.body.reason),
    scan: async (request) =>
      scanIntoReceipt(db, auditContext(request), request.params.id, request.body.code, request.body.serial),
    importLines: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new DomainError(415, receiptMessages.importFormat);
      let sheet;
      try {
        sheet = await readSheet(request.body, String(request.headers['content-type'] ?? ''));
      } catch {
        throw new DomainError(400, receiptMessages.importFormat);
      }
      return importReceiptLines(db, auditContext(request), request.params.id, sheet);
    },
  });
}
