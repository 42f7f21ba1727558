// The pure parts of the BOM module (production.md §1), unit-tested without a database: the flat view of an explosion
// tree, the import columns and the legacy XML pairs (a typed quantity's conversion into the component's stock unit is
// the shared rule, src/shared/unit-conversion.ts). Money and quantities are exact decimals, never floats.
import { add, cmp, dec, fixed, round, sub, type Dec } from '@/shared/decimal.ts';
import type { ExplosionNode, FlatLeaf } from '../bom.contract.ts';

/** A quantity for the explosion's answer: 4 decimals (the stock precision). */
export const qty4 = (value: Dec) => fixed(round(value, 4), 4);

/** 'Плоский': the leaves of the tree (nodes not expanded further) summed per item, in first-seen order. */
export function flattenLeaves(nodes: readonly ExplosionNode[]): FlatLeaf[] {
  const byItem = new Map<number, { node: ExplosionNode; qty: Dec }>();
  const walk = (list: readonly ExplosionNode[]) => {
    for (const node of list) {
      if (node.children.length) {
        walk(node.children);
        continue;
      }
      const seen = byItem.get(node.itemId);
      if (seen) seen.qty = add(seen.qty, dec(node.qty));
      else byItem.set(node.itemId, { node, qty: dec(node.qty) });
    }
  };
  walk(nodes);
  return [...byItem.values()].map(({ node, qty }) => {
    const available = dec(node.available);
    const short = sub(qty, available);
    return {
      itemId: node.itemId,
      sku: node.sku,
      name: node.name,
      kind: node.kind,
      unitShortName: node.unitShortName,
      qty: qty4(qty),
      available: node.available,
      shortage: cmp(short, dec(0)) > 0 ? qty4(short) : '0.0000',
    };
  });
}

// ---- import ----------------------------------------------------------------------------------------------------

/** Header names (normalised: lower case, '_' and '-' as spaces) of each import column. */
export const IMPORT_COLUMNS = {
  parent: [
    'parent sku',
    'parentsku',
    'parent',
    'product',
    'product sku',
    'assembly',
    'артикул виробу',
    'виріб',
    'артикул батьківського',
    'батьківський артикул',
  ],
  component: [
    'component sku',
    'componentsku',
    'component',
    'child',
    'child sku',
    'part',
    'артикул компонента',
    'компонент',
    'артикул комплектуючого',
  ],
  qty: ['qty', 'quantity', 'кількість', 'к-сть', 'кол-во'],
  scrap: ['scrap', 'scrap %', 'scrap percent', 'scrappercent', 'відхід', 'відхід %', 'брак', 'брак %'],
  designators: [
    'designators',
    'designator',
    'refdes',
    'reference',
    'references',
    'позиційні позначення',
    'позиційне позначення',
    'позначення',
  ],
  unit: ['unit', 'uom', 'од', 'од.', 'одиниця', 'одиниця виміру'],
  bomName: ['bom', 'bom name', 'bomname', 'назва специфікації', 'специфікація'],
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;

export const normaliseHeader = (header: string) =>
  header.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');

/** The position of every import column in the headers (−1 when missing). */
export function importColumnIndexes(headers: readonly string[]): Record<ImportColumn, number> {
  const normalised = headers.map(normaliseHeader);
  const find = (names: readonly string[]) => normalised.findIndex((h) => names.includes(h));
  return {
    parent: find(IMPORT_COLUMNS.parent),
    component: find(IMPORT_COLUMNS.component),
    qty: find(IMPORT_COLUMNS.qty),
    scrap: find(IMPORT_COLUMNS.scrap),
    designators: find(IMPORT_COLUMNS.designators),
    unit: find(IMPORT_COLUMNS.unit),
    bomName: find(IMPORT_COLUMNS.bomName),
  };
}

/** A cell as an exact decimal text ('1 250,5' → '1250.5'), or null when it is not a number of at most `scale`. */
export function cellDecimal(value: string | number | null | undefined, scale: number): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text) || (text.split('.')[1]?.length ?? 0) > scale) return null;
  return text;
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const decodeXml = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A small, tolerant XML reader (elements, attributes, text; comments, declarations and CDATA handled). */
function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: '#root', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([^\s/>]+)([^>]*?)(\/?)>|([^<]+)/gi;
  let match: RegExpExecArray | null;
  while ((match = token.exec(source))) {
    const [, cdata, closing, tag, rest = '', selfClosing, text] = match;
    const top = stack[stack.length - 1]!;
    if (cdata !== undefined) top.text += cdata;
    else if (text !== undefined) top.text += decodeXml(text);
    else if (tag) {
      if (closing) {
        if (stack.length > 1) stack.pop();
        continue;
      }
      const attributes: Record<string, string> = {};
      for (const a of rest.matchAll(/([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
        attributes[a[1]!] = decodeXml(a[3] ?? a[4] ?? '');
      }
      const element: XmlElement = { name: tag, attributes, children: [], text: '' };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  return root;
}

/**
 * Legacy XML pairs: every element that names a parent and a component — by attributes
 * (`<line parent="ПЛ-БЖ" component="R-0603-10K" qty="10"/>`) or by child elements
 * (`<pair><parent>ПЛ-БЖ</parent><component>R-0603-10K</component><qty>10</qty></pair>`) — becomes one row.
 */
export function sheetFromXml(source: string): { headers: string[]; rows: Array<Array<string | null>> } {
  const root = parseXml(source);
  const records: Array<Record<string, string>> = [];
  const isKey = (names: readonly string[], key: string) => names.includes(normaliseHeader(key));
  const walk = (element: XmlElement) => {
    const fields: Record<string, string> = { ...element.attributes };
    for (const child of element.children) {
      if (!child.children.length) fields[child.name] ??= child.text.trim();
    }
    const keys = Object.keys(fields);
    if (keys.some((k) => isKey(IMPORT_COLUMNS.parent, k)) && keys.some((k) => isKey(IMPORT_COLUMNS.component, k))) {
      records.push(fields);
      return;
    }
    element.children.forEach(walk);
  };
  walk(root);
  const headers: string[] = [];
  for (const record of records) for (const key of Object.keys(record)) if (!headers.includes(key)) headers.push(key);
  return { headers, rows: records.map((r) => headers.map((h) => r[h] ?? null)) };
}

/** Does the body look like XML (after a BOM and white space)? */
export const looksLikeXml = (body: Buffer) => /^\uFEFF?\s*</.test(body.subarray(0, 200).toString('utf8'));
