// /products and /components beyond CRUD (reference-data.md §16): the SKU check of the code helper, the internal
// EAN-13 generator, bulk changes, the CommerceML import, and a component's suppliers and alternatives. Permission is
// the view's route, as for the declared resource itself.
import { sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { internalEan13 } from '@/shared/requisites.ts';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve, type EndpointRequest } from '@/server/kernel/serve.ts';
import { resourceEngine } from '@/resources/index.ts';
import { items } from '@/resources/items/items.table.ts';
import { itemsMessages, itemsSchemas } from '../items.contract.ts';
import { itemsEndpoints } from '../items.endpoints.ts';
import { CommerceMlError } from './commerceml.ts';
import { decodeXml, importCommerceMl } from './commerceml.service.ts';
import { searchItemOptions } from './item-options.read.ts';
import { itemPhotoRoutes } from './item-photo.routes.ts';
import {
  listItemAlternatives,
  listItemSuppliers,
  replaceItemAlternatives,
  replaceItemSuppliers,
} from './item-links.service.ts';

export async function itemsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const componentResource = resourceEngine.resource('/components');

  // CommerceML files arrive as the raw XML body, one file per request (decision 0006's import transport).
  const { bodyTypes = [], bodyLimit } = itemsEndpoints.commerceMl;
  app.addContentTypeParser([...bodyTypes], { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
  // A product's photo, in a scope of its own (its image body parser).
  await app.register(async (scope) => itemPhotoRoutes(scope as AppInstance, deps));

  /** 'Згенерувати' beside 'Штрих-код': an item without a barcode gets its internal EAN-13. */
  const generateBarcode = (route: '/products' | '/components') => {
    const resource = resourceEngine.resource(route);
    return async (request: EndpointRequest<typeof itemsSchemas.productBarcode>) => {
      const item = await resourceEngine.get(db, resource, request.params.id);
      if (item.barcode) throw new DomainError(409, itemsMessages.hasBarcode);
      return resourceEngine.update(db, auditContext(request), resource, item.id, {
        barcode: internalEan13(item.id),
      });
    };
  };

  /** A category or the active flag of many items at once, in one audited transaction. */
  const bulkChange = (route: '/products' | '/components') => {
    const resource = resourceEngine.resource(route);
    return async (request: EndpointRequest<typeof itemsSchemas.productsBulk>) => {
      const { ids, set } = request.body;
      const values: Record<string, unknown> = {};
      if (set.categoryId !== undefined) values.categoryId = set.categoryId;
      if (set.isActive !== undefined) values.isActive = set.isActive;
      const { updated } = await resourceEngine.upsertMany(
        db,
        auditContext(request),
        resource,
        [...new Set(ids)].map((id) => ({ id, values })),
      );
      return { updated };
    };
  };

  serve(app, itemsEndpoints, itemsSchemas, {
    options: (request) => searchItemOptions(db, request.query),
    commerceMl: async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new DomainError(415, itemsMessages.xmlOnly);
      const dryRun = request.query.dryRun === '1' || request.query.dryRun === 'true';
      try {
        return await importCommerceMl(db, auditContext(request), decodeXml(request.body), {
          dryRun,
          fileName: request.query.fileName ?? null,
        });
      } catch (err) {
        if (err instanceof CommerceMlError) throw new DomainError(400, err.message);
        throw err;
      }
    },
    checkSku: async (request) => {
      // The same normalisation as the unique index (items_sku_key), across every kind of item.
      const [taken] = await db
        .select({ id: items.id })
        .from(items)
        .where(sql`lower(btrim(${items.sku})) = lower(btrim(${request.query.sku}))`)
        .limit(1);
      return { available: !taken };
    },
    productBarcode: generateBarcode('/products'),
    productsBulk: bulkChange('/products'),
    componentBarcode: generateBarcode('/components'),
    componentsBulk: bulkChange('/components'),
    suppliers: async (request) => {
      await resourceEngine.get(db, componentResource, request.params.id);
      return listItemSuppliers(db, request.params.id);
    },
    saveSuppliers: async (request) => replaceItemSuppliers(db, auditContext(request), request.params.id, request.body),
    alternatives: async (request) => {
      await resourceEngine.get(db, componentResource, request.params.id);
      return listItemAlternatives(db, request.params.id);
    },
    saveAlternatives: async (request) =>
      replaceItemAlternatives(db, auditContext(request), request.params.id, request.body),
  });
}
