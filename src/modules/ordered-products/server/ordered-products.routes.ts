// /api/ordered-products (production.md §10): open order demand per item and the actions that turn it into MOs and
// supplier-order drafts. Paths and access are in ordered-products.endpoints.ts.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { orderedProductsSchemas } from '../ordered-products.contract.ts';
import { orderedProductsEndpoints } from '../ordered-products.endpoints.ts';
import {
  createManufacturingOrders,
  createSupplierOrders,
  getOrderedProduct,
  listOrderedProducts,
  orderedProductsStats,
  reserveFree,
} from './ordered-products.service.ts';

export async function orderedProductsRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, orderedProductsEndpoints, orderedProductsSchemas, {
    list: async (request) => listOrderedProducts(db, request.query),
    stats: async (request) => orderedProductsStats(db, request.query),
    get: async (request) => getOrderedProduct(db, request.params.itemId, request.query),
    reserve: async (request) =>
      reserveFree(db, auditContext(request), request.params.itemId, { approvedOnly: request.body?.approvedOnly }),
    createManufacturingOrders: async (request) => createManufacturingOrders(db, auditContext(request), request.body),
    createSupplierOrders: async (request) => createSupplierOrders(db, auditContext(request), request.body),
  });
}
