import path from 'node:path';

export const TMP_DIR = path.resolve(import.meta.dirname, '../../../.tmp');
export const PGLITE_TEMPLATE_FILE = path.join(TMP_DIR, 'pglite-template.tar');
export const TEMPLATE_DB_NAME = 'erp_test_template';

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.href;
}
