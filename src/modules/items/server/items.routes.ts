// /products and /components beyond CRUD (reference-data.md §16): the SKU check of the code helper, the internal
// EAN-13 generator and bulk changes. Permission is the view's route, as for the declared resource itself.
import { sql } from 'drizzle-orm';
import { DomainError } from '@/shared/api-error.ts';
import { internalEan13 } from '@/shared/requisites.ts';
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { resourceEngine } from '@/resources/index.ts';
import { items } from '@/resources/items/items.table.ts';
import {
  bulkItemsSchema,
  checkSkuQuerySchema,
  checkSkuSchema,
  commerceMlResultSchema,
  itemAlternativeSchema,
  itemAlternativesBodySchema,
  itemSupplierSchema,
  itemSuppliersBodySchema,
  itemsMessages,
} from '../items.contract.ts';
import { IMPORT_MAX_BYTES } from '@/resources/_engine/server/resource.routes.ts';
import { CommerceMlError } from './commerceml.ts';
import { decodeXml, importCommerceMl } from './commerceml.service.ts';
import {
  listItemAlternatives,
  listItemSuppliers,
  replaceItemAlternatives,
  replaceItemSuppliers,
} from './item-links.service.ts';

/** The upload bodies this module takes, declared on its upload route (decision 0014). */
const XML_BODY_TYPES: string[] = ['application/xml', 'text/xml'];

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function itemsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  // CommerceML files arrive as the raw XML body, one file per request (decision 0006's import transport).
  app.addContentTypeParser(XML_BODY_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    method: 'POST',
    url: '/api/products/import/commerceml',
    config: { bodyTypes: XML_BODY_TYPES, access: access.route('/products') },
    bodyLimit: IMPORT_MAX_BYTES,
    schema: {
      querystring: z.strictObject({
        dryRun: z.enum(['0', '1', 'true', 'false']).optional(),
        fileName: z.string().trim().max(200).optional(),
      }),
      response: { 200: commerceMlResultSchema },
    },
    handler: async (request) => {
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
  });

  app.route({
    method: 'GET',
    url: '/api/products/check-sku',
    config: { access: access.route('/products') },
    schema: { querystring: checkSkuQuerySchema, response: { 200: checkSkuSchema } },
    handler: async (request) => {
      // The same normalisation as the unique index (items_sku_key), across every kind of item.
      const [taken] = await db
        .select({ id: items.id })
        .from(items)
        .where(sql`lower(btrim(${items.sku})) = lower(btrim(${request.query.sku}))`)
        .limit(1);
      return { available: !taken };
    },
  });

  for (const route of ['/products', '/components'] as const) {
    const resource = resourceEngine.resource(route);

    app.route({
      method: 'POST',
      url: `/api${route}/:id/barcode`,
      config: { access: access.route(route) },
      schema: { params: idParams },
      handler: async (request) => {
        const item = await resourceEngine.get(db, resource, request.params.id);
        if (item.barcode) throw new DomainError(409, itemsMessages.hasBarcode);
        return resourceEngine.update(db, auditContext(request), resource, item.id, {
          barcode: internalEan13(item.id),
        });
      },
    });

    app.route({
      method: 'POST',
      url: `/api${route}/bulk`,
      config: { access: access.route(route) },
      schema: { body: bulkItemsSchema, response: { 200: z.object({ updated: z.number().int() }) } },
      handler: async (request) => {
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
      },
    });
  }

  const components = access.route('/components');
  const componentResource = resourceEngine.resource('/components');

  app.route({
    method: 'GET',
    url: '/api/components/:id/suppliers',
    config: { access: components },
    schema: { params: idParams, response: { 200: z.array(itemSupplierSchema) } },
    handler: async (request) => {
      await resourceEngine.get(db, componentResource, request.params.id);
      return listItemSuppliers(db, request.params.id);
    },
  });
  app.route({
    method: 'PUT',
    url: '/api/components/:id/suppliers',
    config: { access: components },
    schema: { params: idParams, body: itemSuppliersBodySchema, response: { 200: z.array(itemSupplierSchema) } },
    handler: async (request) => replaceItemSuppliers(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'GET',
    url: '/api/components/:id/alternatives',
    config: { access: components },
    schema: { params: idParams, response: { 200: z.array(itemAlternativeSchema) } },
    handler: async (request) => {
      await resourceEngine.get(db, componentResource, request.params.id);
      return listItemAlternatives(db, request.params.id);
    },
  });
  app.route({
    method: 'PUT',
    url: '/api/components/:id/alternatives',
    config: { access: components },
    schema: { params: idParams, body: itemAlternativesBodySchema, response: { 200: z.array(itemAlternativeSchema) } },
    handler: async (request) => replaceItemAlternatives(db, auditContext(request), request.params.id, request.body),
  });
}
