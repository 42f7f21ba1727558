// The endpoints of /recipes (production.md §3), named once for the server and the pages (decision 0016). The preview
// and the options (the item's BOMs and tech cards) serve the form; both are reads.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { recipesSchemas } from './recipes.contract.ts';

const recipes = access.route('/recipes');

export const recipesEndpoints = defineEndpoints<typeof recipesSchemas>()({
  list: { method: 'GET', path: '/api/recipes', access: recipes, list: true },
  options: { method: 'GET', path: '/api/recipes/options', access: recipes },
  preview: { method: 'GET', path: '/api/recipes/preview', access: recipes },
  get: { method: 'GET', path: '/api/recipes/:id', access: recipes },
  create: { method: 'POST', path: '/api/recipes', access: recipes, status: 201 },
  update: { method: 'PATCH', path: '/api/recipes/:id', access: recipes },
  // 204 without a body.
  remove: { method: 'DELETE', path: '/api/recipes/:id', access: recipes },
  makeDefault: { method: 'POST', path: '/api/recipes/:id/make-default', access: recipes },
});
