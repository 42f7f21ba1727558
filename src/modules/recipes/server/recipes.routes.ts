// /api/recipes (production.md §3): the production variants of items, keyed to /recipes, audited. The preview and
// the options (the item's BOMs and tech cards) serve the form; both are reads.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { recipesSchemas } from '../recipes.contract.ts';
import { recipesEndpoints } from '../recipes.endpoints.ts';
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

export async function recipesRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;

  serve(app, recipesEndpoints, recipesSchemas, {
    list: async (request) => listRecipes(db, request.query),
    options: async (request) => recipeOptions(db, request.query.itemId),
    preview: async (request) =>
      previewVariant(db, {
        itemId: request.query.itemId,
        bomId: request.query.bomId,
        techCardId: request.query.techCardId ?? null,
        batchSize: request.query.batchSize,
        labourRatePerHour: request.query.labourRatePerHour ?? null,
      }),
    get: async (request) => getRecipe(db, request.params.id),
    create: async (request) => createRecipe(db, auditContext(request), request.body),
    update: async (request) => updateRecipe(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteRecipe(db, auditContext(request), request.params.id);
      return reply.status(204).send();
    },
    makeDefault: async (request) => makeDefaultRecipe(db, auditContext(request), request.params.id),
  });
}
