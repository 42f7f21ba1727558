// The endpoints of product categories beyond the declared resource, named once for the server and the page
// (decision 0016). Keyed to /product-categories.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { categoriesSchemas } from './categories.contract.ts';

const productCategories = access.route('/product-categories');

export const categoriesEndpoints = defineEndpoints<typeof categoriesSchemas>()({
  departments: { method: 'GET', path: '/api/product-categories/:id/departments', access: productCategories },
  putDepartments: { method: 'PUT', path: '/api/product-categories/:id/departments', access: productCategories },
});
