// The repairs module's public surface (production.md §7): its routes, its demo, and the tables a report reads (the
// stored warranty cost of each repair).
export { repairsRoutes } from './repairs.routes.ts';
export { repairs, repairPartsPostings } from './repairs.table.ts';
export { ensureRepairServices } from './repairs.invoice.ts';
export { repairByNumber, repairsOfSerials } from './repairs.by-number.ts';
