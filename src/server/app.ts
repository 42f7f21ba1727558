// Composition root of the server: builds the Fastify app (no listen). The only place that knows every module.
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '@/shared/zod-uk.ts';
import { TOTAL_CAPPED_HEADER, TOTAL_COUNT_HEADER, type ListTotal } from '@/shared/list.ts';
import { authRoutes } from '@/modules/auth/server/index.ts';
import { clientsRoutes } from '@/modules/clients/server/index.ts';
import { categoriesRoutes } from '@/modules/categories/server/index.ts';
import { companiesRoutes } from '@/modules/companies/server/index.ts';
import { itemsRoutes } from '@/modules/items/server/index.ts';
import { workersRoutes } from '@/modules/workers/server/index.ts';
import {
  lastPurchaseByItem,
  receiptsOfSupplierOrders,
  supplierReceiptsRoutes,
} from '@/modules/supplier-receipts/server/index.ts';
import {
  adjustmentsForSerials,
  adjustmentsRoutes,
  connectComponentPurchasing,
  connectInventoryProduction,
  lowStockNow,
  stockRoutes,
} from '@/modules/stock/server/index.ts';
import { warehouseTransfersRoutes } from '@/modules/warehouse-transfers/server/index.ts';
import { assemblyRoutes } from '@/modules/assembly/server/index.ts';
import { inventoryAuditsRoutes } from '@/modules/inventory-audits/server/index.ts';
import { serverErrorRecorder, systemLogsRoutes } from '@/modules/system-logs/server/index.ts';
import { repairsRoutes } from '@/modules/repairs/server/index.ts';
import { integrationsRoutes } from '@/modules/integrations/server/index.ts';
import { emailSettingsRoutes } from '@/modules/email-settings/server/index.ts';
import { connectLowStockDigest, emailNotificationsRoutes } from '@/modules/email-notifications/server/index.ts';
import { bankMailboxRoutes } from '@/modules/bank-mailbox/server/index.ts';
import { currencyRatesRoutes } from '@/modules/currency-rates/server/index.ts';
import { salesAnalyticsRoutes } from '@/modules/sales-analytics/server/index.ts';
import {
  connectSupplierOrderReceipts,
  createOrder as createSupplierOrder,
  onOrderByItem,
  supplierOrdersRoutes,
} from '@/modules/supplier-orders/server/index.ts';
import {
  connectOrderManufacturing,
  connectOrderRelatedDocuments,
  connectOrderShipments,
  ordersRoutes,
} from '@/modules/orders/server/index.ts';
import { paymentsOfOrder, paymentsRoutes } from '@/modules/payments/server/index.ts';
import { shipmentsOfOrder, shipmentsOfOrders, shipmentsRoutes } from '@/modules/shipments/server/index.ts';
import { connectSerialWriteOffs, serialNumbersRoutes } from '@/modules/serial-numbers/server/index.ts';
import { clientMailRoutes } from '@/modules/client-mail/server/index.ts';
import { novaPoshtaRoutes } from '@/modules/nova-poshta/server/index.ts';
import { scannerRoutes } from '@/modules/scanner/server/index.ts';
import { connectLabelMoOutputs, labelsRoutes } from '@/modules/labels/server/index.ts';
import { notificationsRoutes } from '@/modules/notifications/server/index.ts';
import { profileRoutes } from '@/modules/profile/server/index.ts';
import { rolesRoutes } from '@/modules/roles/server/index.ts';
import { usersRoutes } from '@/modules/users/server/index.ts';
import { bomRoutes } from '@/modules/bom/server/index.ts';
import { techCardsRoutes } from '@/modules/tech-cards/server/index.ts';
import { recipesRoutes } from '@/modules/recipes/server/index.ts';
import {
  inProductionByItem,
  manufacturingForOrders,
  manufacturingOfOrder,
  manufacturingRoutes,
  moPostedOutputs,
  openMaterialNeedsByItem,
} from '@/modules/manufacturing/server/index.ts';
import { productionTasksRoutes } from '@/modules/production-tasks/server/index.ts';
import { mesRoutes } from '@/modules/mes/server/index.ts';
import { orderedProductsRoutes } from '@/modules/ordered-products/server/index.ts';
import { costingRoutes } from '@/modules/costing/server/index.ts';
import { productionAnalyticsRoutes } from '@/modules/production-analytics/server/index.ts';
import { productionPlanningRoutes } from '@/modules/production-planning/server/index.ts';
import { productionForecastsRoutes } from '@/modules/production-forecasts/server/index.ts';
import { productionStatsRoutes } from '@/modules/production-stats/server/index.ts';
import { reportsRoutes } from '@/modules/reports/server/index.ts';
import { productProfitabilityRoutes } from '@/modules/product-profitability/server/index.ts';
import { componentsAnalysisRoutes } from '@/modules/components-analysis/server/index.ts';
import { advancedReportsRoutes } from '@/modules/advanced-reports/server/index.ts';
import { analyticsRoutes } from '@/modules/analytics/server/index.ts';
import { shortageRoutes } from '@/modules/shortage/server/index.ts';
import { dashboardRoutes } from '@/modules/dashboard/server/index.ts';
import { searchRoutes } from '@/modules/search/server/index.ts';
import { resourceRoutes } from '@/resources/_engine/server/resource.routes.ts';
import { resourceEngine } from '@/resources/index.ts';
import { access, type Access, type AppDeps, type AppInstance, type RegisteredEndpoint } from './kernel/endpoint.ts';
import { pingDatabase } from './kernel/db.ts';
import { registerAccessGuard } from './plugins/access-guard.ts';
import { registerCrossSiteGuard } from './plugins/cross-site.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerSession } from './plugins/session.ts';
import { registerStatic } from './plugins/static.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  /** The process logger (pino); tests run silent without one. */
  logger?: FastifyBaseLogger;
  /** Serve the built client from config.clientDir (the production server does; API tests need not). */
  serveClient?: boolean;
  /** Lets tests add routes (for example, to prove the guard) before the app is sealed. */
  extraRoutes?: (app: AppInstance) => void | Promise<void>;
}

/**
 * Connects the ports through which a module reaches one that imports it, so that no import cycle ties them: an
 * order's actions reach its shipments, a supplier order's 'Отримати' creates a receipt, a serial's 'Списати' posts a
 * stock adjustment, an order lists its payments, shipments and manufacturing orders (its linked documents).
 * Idempotent. buildApp calls it, and so does whatever runs the services without an app (the demo seeders,
 * demo-seeders.ts); a port used before it is connected throws.
 */
export function connectModules(): void {
  connectOrderShipments(shipmentsOfOrders);
  connectOrderManufacturing(manufacturingForOrders);
  connectSupplierOrderReceipts(receiptsOfSupplierOrders);
  connectSerialWriteOffs(adjustmentsForSerials);
  connectComponentPurchasing({
    onOrderByItem,
    openMaterialNeedsByItem,
    lastPurchaseByItem,
    createOrder: createSupplierOrder,
  });
  connectInventoryProduction(inProductionByItem);
  connectLabelMoOutputs(moPostedOutputs);
  connectLowStockDigest(lowStockNow);
  connectOrderRelatedDocuments([paymentsOfOrder, shipmentsOfOrder, manufacturingOfOrder]);
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<AppInstance> {
  connectModules();
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    trustProxy: process.env.TRUST_PROXY === '1',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  const endpoints: RegisteredEndpoint[] = [];
  app.decorate('endpoints', endpoints);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const config = route.config as { access?: Access; bodyTypes?: readonly string[] } | undefined;
      const schema = route.schema as RegisteredEndpoint['schema'];
      endpoints.push({ method, url: route.url, access: config?.access, bodyTypes: config?.bodyTypes, schema });
    }
  });

  app.decorateReply('sendList', function <
    T,
  >(this: { header(k: string, v: string): unknown }, rows: T[], total: number | ListTotal) {
    const counted = typeof total === 'number' ? { total, capped: false } : total;
    this.header(TOTAL_COUNT_HEADER, String(counted.total));
    if (counted.capped) this.header(TOTAL_CAPPED_HEADER, '1');
    this.header('access-control-expose-headers', `${TOTAL_COUNT_HEADER}, ${TOTAL_CAPPED_HEADER}`);
    return rows;
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyCookie, { secret: deps.config.sessionSecret });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the scanner's own ZXing decoder (served from /assets) compile its WebAssembly on
        // browsers without a native BarcodeDetector; it allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(deps.config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    hsts: deps.config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });

  registerErrorHandler(app, serverErrorRecorder(deps.database.db));
  // Fastify parses text/plain bodies by default; the API takes JSON and the uploads a route declares (decision 0014).
  app.removeContentTypeParser('text/plain');
  registerCrossSiteGuard(app, deps);
  registerSession(app, deps);
  registerAccessGuard(app, deps);

  app.route({
    method: 'GET',
    url: '/healthz',
    config: { access: access.public },
    handler: async (request, reply) => {
      try {
        await pingDatabase(deps.database.db);
        return { status: 'ok', database: deps.database.kind };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.status(503).send({ error: 'База даних недоступна' });
      }
    },
  });

  for (const routes of [
    authRoutes,
    usersRoutes,
    rolesRoutes,
    profileRoutes,
    notificationsRoutes,
    resourceRoutes(resourceEngine),
    itemsRoutes,
    clientsRoutes,
    companiesRoutes,
    categoriesRoutes,
    workersRoutes,
    supplierReceiptsRoutes,
    stockRoutes,
    adjustmentsRoutes,
    warehouseTransfersRoutes,
    inventoryAuditsRoutes,
    supplierOrdersRoutes,
    scannerRoutes,
    labelsRoutes,
    ordersRoutes,
    paymentsRoutes,
    shipmentsRoutes,
    serialNumbersRoutes,
    clientMailRoutes,
    novaPoshtaRoutes,
    integrationsRoutes,
    emailSettingsRoutes,
    emailNotificationsRoutes,
    bankMailboxRoutes,
    currencyRatesRoutes,
    salesAnalyticsRoutes,
    bomRoutes,
    techCardsRoutes,
    recipesRoutes,
    manufacturingRoutes,
    assemblyRoutes,
    repairsRoutes,
    productionTasksRoutes,
    mesRoutes,
    orderedProductsRoutes,
    costingRoutes,
    productionAnalyticsRoutes,
    productionPlanningRoutes,
    productionForecastsRoutes,
    productionStatsRoutes,
    reportsRoutes,
    productProfitabilityRoutes,
    componentsAnalysisRoutes,
    advancedReportsRoutes,
    analyticsRoutes,
    shortageRoutes,
    dashboardRoutes,
    searchRoutes,
    systemLogsRoutes,
  ]) {
    await app.register(async (scope) => routes(scope as AppInstance, deps));
  }
  if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes!(scope as AppInstance));

  await registerStatic(app, options.serveClient ? deps.config.clientDir : null);
  return app;
}
