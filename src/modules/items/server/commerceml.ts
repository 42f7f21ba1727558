// Reading CommerceML 2 (BAS / 1C exchange) files into plain records (reference-data.md §16): import.xml gives the
// groups and the goods, offers.xml the price types and prices. Quantities are ignored on purpose — stock enters only
// through an opening-balance document.
import { XMLParser } from 'fast-xml-parser';

export interface CmlGroup {
  id: string;
  name: string;
  parentId: string | null;
}

export interface CmlProduct {
  id: string;
  sku: string | null;
  name: string | null;
  unitText: string | null;
  unitFullName: string | null;
  unitCode: string | null;
  groupId: string | null;
  barcode: string | null;
  description: string | null;
}

export interface CmlOffer {
  id: string;
  prices: Array<{ priceTypeId: string; price: string }>;
}

export interface CmlDocument {
  groups: CmlGroup[];
  products: CmlProduct[];
  priceTypes: Array<{ id: string; name: string }>;
  offers: CmlOffer[];
}

export class CommerceMlError extends Error {}

const ARRAYS = new Set(['Группа', 'Товар', 'Предложение', 'Цена', 'ТипЦены']);

type Node = Record<string, unknown>;
const asNode = (v: unknown): Node => (v && typeof v === 'object' ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(asNode) : v === undefined ? [] : [asNode(v)]);
/** A tag's text, whether the parser gave a string or an object with attributes and '#text'. */
function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const inner = (v as Node)['#text'];
  return inner === undefined ? null : text(inner);
}

export function parseCommerceMl(xml: string): CmlDocument {
  // CommerceML never needs a DOCTYPE; refusing it rules out entity-expansion tricks.
  if (/<!DOCTYPE/i.test(xml)) throw new CommerceMlError('Файл містить DOCTYPE — такі файли не приймаються');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => ARRAYS.has(name),
  });
  let root: Node;
  try {
    root = asNode(asNode(parser.parse(xml, true))['КоммерческаяИнформация']);
  } catch {
    throw new CommerceMlError('Файл не є коректним XML');
  }
  if (!Object.keys(root).length) {
    throw new CommerceMlError('Це не файл обміну CommerceML: немає елемента «КоммерческаяИнформация»');
  }

  const groups: CmlGroup[] = [];
  const walk = (nodes: Node[], parentId: string | null) => {
    for (const g of nodes) {
      const id = text(g['Ид']);
      const name = text(g['Наименование']);
      if (id && name) groups.push({ id, name, parentId });
      walk(list(asNode(g['Группы'])['Группа']), id);
    }
  };
  walk(list(asNode(asNode(root['Классификатор'])['Группы'])['Группа']), null);

  const products: CmlProduct[] = list(asNode(asNode(root['Каталог'])['Товары'])['Товар']).flatMap((p) => {
    const id = text(p['Ид']);
    if (!id) return [];
    const unit = p['БазоваяЕдиница'];
    const groupIds = asNode(p['Группы'])['Ид'];
    return [
      {
        id,
        sku: text(p['Артикул']),
        name: text(p['Наименование']),
        unitText: text(unit),
        unitFullName: text(asNode(unit)['@_НаименованиеПолное']),
        unitCode: text(asNode(unit)['@_Код']),
        groupId: text(Array.isArray(groupIds) ? groupIds[0] : groupIds),
        barcode: text(p['ШтрихКод']),
        description: text(p['Описание']),
      },
    ];
  });

  const pack = asNode(root['ПакетПредложений']);
  const priceTypes = list(asNode(pack['ТипыЦен'])['ТипЦены']).flatMap((t) => {
    const id = text(t['Ид']);
    const name = text(t['Наименование']);
    return id && name ? [{ id, name }] : [];
  });
  const offers = list(asNode(pack['Предложения'])['Предложение']).flatMap((o) => {
    const id = text(o['Ид']);
    if (!id) return [];
    const prices = list(asNode(o['Цены'])['Цена']).flatMap((c) => {
      const priceTypeId = text(c['ИдТипаЦены']);
      const price = text(c['ЦенаЗаЕдиницу'])?.replace(',', '.').replace(/\s/g, '') ?? null;
      return priceTypeId && price ? [{ priceTypeId, price }] : [];
    });
    return [{ id, prices }];
  });

  if (!products.length && !offers.length && !groups.length) {
    throw new CommerceMlError('У файлі немає ні товарів, ні груп, ні пропозицій');
  }
  return { groups, products, priceTypes, offers };
}

/** Which price type is the retail one and which the wholesale one: by the names BAS users give them. */
export function mapPriceTypes(types: ReadonlyArray<{ id: string; name: string }>) {
  const find = (pattern: RegExp) => types.find((t) => pattern.test(t.name))?.id ?? null;
  return {
    retail: find(/роздр|розн|retail/i),
    wholesale: find(/опт|wholesale|дилер/i),
  };
}
