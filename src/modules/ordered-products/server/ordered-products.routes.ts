// /api/ordered-products (production.md §10): open order demand per item and the actions that turn it into MOs and
// supplier-order drafts. Keyed to /ordered-products: GET needs canView, the actions canAccess. No delete.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import {
  createMosResultSchema,
  createMosSchema,
  createSupplierOrdersResultSchema,
  createSupplierOrdersSchema,
  orderedProductDetailQuerySchema,
  orderedProductDetailSchema,
  orderedProductRowSchema,
  orderedProductsListQuerySchema,
  orderedProductsStatsSchema,
  reserveFreeResultSchema,
  reserveFreeSchema,
} from '../ordered-products.contract.ts';
import {
  createManufacturingOrders,
  createSupplierOrders,
  getOrderedProduct,
  listOrderedProducts,
  orderedProductsStats,
  reserveFree,
} from './ordered-products.service.ts';

const itemParams = z.strictObject({ itemId: z.coerce.number().int().positive().max(2_147_483_647) });

export async function orderedProductsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/ordered-products');
  const base = '/api/ordered-products';

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: orderedProductsListQuerySchema, response: { 200: z.array(orderedProductRowSchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listOrderedProducts(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/stats`,
    config: { access: key },
    schema: { querystring: orderedProductsListQuerySchema, response: { 200: orderedProductsStatsSchema } },
    handler: async (request) => orderedProductsStats(db, request.query),
  });
  app.route({
    method: 'GET',
    url: `${base}/:itemId`,
    config: { access: key },
    schema: {
      params: itemParams,
      querystring: orderedProductDetailQuerySchema,
      response: { 200: orderedProductDetailSchema },
    },
    handler: async (request) => getOrderedProduct(db, request.params.itemId, request.query),
  });
  app.route({
    method: 'POST',
    url: `${base}/:itemId/reserve`,
    config: { access: key },
    schema: { params: itemParams, body: reserveFreeSchema.nullish(), response: { 200: reserveFreeResultSchema } },
    handler: async (request) =>
      reserveFree(db, auditContext(request), request.params.itemId, { approvedOnly: request.body?.approvedOnly }),
  });
  app.route({
    method: 'POST',
    url: `${base}/create-manufacturing-orders`,
    config: { access: key },
    schema: { body: createMosSchema, response: { 201: createMosResultSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createManufacturingOrders(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'POST',
    url: `${base}/create-supplier-orders`,
    config: { access: key },
    schema: { body: createSupplierOrdersSchema, response: { 201: createSupplierOrdersResultSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createSupplierOrders(db, auditContext(request), request.body)),
  });
}
