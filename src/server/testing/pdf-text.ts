// Test helper: the text of a pdfkit PDF, for asserting what a print form says. pdfkit writes plain objects with
// Flate-compressed streams; each embedded font has a ToUnicode CMap, and the content streams show glyph ids in hex
// (`<0012…> Tj`, `[<…> 12 <…>] TJ`) after `/F1 9 Tf`. This decodes them back to text, one string per shown run,
// runs joined by a space (pages by a newline). Only for pdfkit's output — not a general PDF parser.
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let start = streamAt + 'stream'.length;
    if (body[start] === '\r') start++;
    if (body[start] === '\n') start++;
    const end = body.lastIndexOf('endstream');
    let raw = Buffer.from(body.slice(start, end), 'latin1');
    if (raw[raw.length - 1] === 0x0a) raw = raw.subarray(0, raw.length - 1);
    const data = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
    objects.set(Number(m[1]), { dict, stream: data });
  }
  return objects;
}

function cmapOf(stream: Buffer): Map<number, string> {
  const text = stream.toString('latin1');
  const map = new Map<number, string>();
  const hexToString = (hex: string) => {
    let out = '';
    for (let i = 0; i < hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(m[1]!, 16);
      const to = parseInt(m[2]!, 16);
      const target = m[3]!;
      if (target.startsWith('[')) {
        const values = [...target.matchAll(/<([0-9a-fA-F]+)>/g)].map((v) => hexToString(v[1]!));
        for (let code = from; code <= to; code++) map.set(code, values[code - from] ?? '');
      } else {
        const base = parseInt(target.slice(1, -1), 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCharCode(base + code - from));
      }
    }
  }
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(parseInt(m[1]!, 16), hexToString(m[2]!));
    }
  }
  return map;
}

/** The text a pdfkit PDF shows, page by page. */
export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const pages: string[] = [];
  for (const [, obj] of objects) {
    if (!/\/Type\s*\/Page\b/.test(obj.dict)) continue;
    // The page's fonts: /F1 12 0 R → the font's ToUnicode map.
    const resourcesRef = /\/Resources\s+(\d+) 0 R/.exec(obj.dict);
    const resources = resourcesRef ? (objects.get(Number(resourcesRef[1]))?.dict ?? '') : obj.dict;
    const fonts = new Map<string, Map<number, string>>();
    const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    for (const f of fontBlock.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]));
      const toUnicode = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict);
      const cmap = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : null;
      fonts.set(f[1]!, cmap ? cmapOf(cmap) : new Map());
    }
    const contents = /\/Contents\s+(\d+) 0 R/.exec(obj.dict);
    const content = contents ? objects.get(Number(contents[1]))?.stream?.toString('latin1') : undefined;
    if (!content) continue;
    let current = new Map<number, string>();
    const runs: string[] = [];
    const decode = (hex: string) => {
      let out = '';
      for (let i = 0; i < hex.length; i += 4) out += current.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      return out;
    };
    const ops = /\/(\w+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj|\[((?:[^\]])*)\]\s*TJ/g;
    for (let m = ops.exec(content); m; m = ops.exec(content)) {
      if (m[1]) current = fonts.get(m[1]) ?? new Map();
      else if (m[2] !== undefined) runs.push(decode(m[2]));
      else if (m[3] !== undefined) {
        runs.push(
          [...m[3].matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)]
            // A large negative kerning inside TJ is a word gap pdfkit moved instead of drawing a space.
            .map((p) => (p[1] !== undefined ? decode(p[1]) : Number(p[2]) < -200 ? ' ' : ''))
            .join(''),
        );
      }
    }
    pages.push(runs.join(' '));
  }
  return pages.join('\n');
}
