// /api/product-categories/:id/departments (reference-data.md §2–3), registered from the module's endpoints and their
// schemas. Keyed to /product-categories.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { categoriesSchemas } from '../categories.contract.ts';
import { categoriesEndpoints } from '../categories.endpoints.ts';
import { departmentsOfCategory, replaceCategoryDepartments } from './category-departments.ts';

export async function categoriesRoutes(app: AppInstance, deps: AppDeps) {
  const { db } = deps.database;
  serve(app, categoriesEndpoints, categoriesSchemas, {
    departments: async (request) => departmentsOfCategory(db, request.params.id),
    putDepartments: async (request) =>
      replaceCategoryDepartments(db, auditContext(request), request.params.id, request.body.departmentIds),
  });
}
