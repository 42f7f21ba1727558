// /api/recipes (production.md §3): the production variants of items, keyed to /recipes, audited. The preview and
// the options (the item's BOMs and tech cards) serve the form; both are reads.
import { z } from '@/shared/zod-uk.ts';
import { access, auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import {
  recipeCreateSchema,
  recipeListQuerySchema,
  recipeOptionsQuerySchema,
  recipeOptionsSchema,
  recipePreviewQuerySchema,
  recipePreviewSchema,
  recipeSchema,
  recipeSummarySchema,
  recipeUpdateSchema,
} from '../recipes.contract.ts';
import {
  createRecipe,
  deleteRecipe,
  getRecipe,
  listRecipes,
  makeDefaultRecipe,
  previewVariant,
  recipeOptions,
  updateRecipe,
} from './recipes.service.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function recipesRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  const key = access.route('/recipes');
  const base = '/api/recipes';

  app.route({
    method: 'GET',
    url: base,
    config: { access: key },
    schema: { querystring: recipeListQuerySchema, response: { 200: z.array(recipeSummarySchema) } },
    handler: async (request, reply) => {
      const { rows, total } = await listRecipes(db, request.query);
      return reply.sendList(rows, total);
    },
  });
  app.route({
    method: 'GET',
    url: `${base}/options`,
    config: { access: key },
    schema: { querystring: recipeOptionsQuerySchema, response: { 200: recipeOptionsSchema } },
    handler: async (request) => recipeOptions(db, request.query.itemId),
  });
  app.route({
    method: 'GET',
    url: `${base}/preview`,
    config: { access: key },
    schema: { querystring: recipePreviewQuerySchema, response: { 200: recipePreviewSchema } },
    handler: async (request) =>
      previewVariant(db, {
        itemId: request.query.itemId,
        bomId: request.query.bomId,
        techCardId: request.query.techCardId ?? null,
        batchSize: request.query.batchSize,
        labourRatePerHour: request.query.labourRatePerHour ?? null,
      }),
  });
  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, response: { 200: recipeSchema } },
    handler: async (request) => getRecipe(db, request.params.id),
  });
  app.route({
    method: 'POST',
    url: base,
    config: { access: key },
    schema: { body: recipeCreateSchema, response: { 201: recipeSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createRecipe(db, auditContext(request), request.body)),
  });
  app.route({
    method: 'PATCH',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams, body: recipeUpdateSchema, response: { 200: recipeSchema } },
    handler: async (request) => updateRecipe(db, auditContext(request), request.params.id, request.body),
  });
  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { access: key },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await deleteRecipe(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    method: 'POST',
    url: `${base}/:id/make-default`,
    config: { access: key },
    schema: { params: idParams, response: { 200: recipeSchema } },
    handler: async (request) => makeDefaultRecipe(db, auditContext(request), request.params.id),
  });
}
