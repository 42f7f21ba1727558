import path from 'node:path';

export const TMP_DIR = path.resolve(import.meta.dirname, '../../../.tmp');
/**
 * ERP_TEST_RUN names a test run so that several can share one machine (two worktrees, two people): each gets its
 * own PGlite template file and its own PostgreSQL database names, and cleans up only its own.
 */
const RUN = (process.env.ERP_TEST_RUN ?? '').replace(/[^a-z0-9]/gi, '').toLowerCase();
export const PGLITE_TEMPLATE_FILE = path.join(TMP_DIR, RUN ? `pglite-template-${RUN}.tar` : 'pglite-template.tar');
/** Every test database of this run starts with this prefix. */
export const TEST_DB_PREFIX = RUN ? `erp_test_${RUN}_` : 'erp_test_';
export const TEMPLATE_DB_NAME = `${TEST_DB_PREFIX}template`;

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.href;
}
