export { recipesRoutes } from './recipes.routes.ts';
export {
  createRecipe,
  getRecipe,
  makeDefaultRecipe,
  previewVariant,
  recipeOptions,
  updateRecipe,
} from './recipes.service.ts';
