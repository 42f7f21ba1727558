// The real type of an uploaded image, from its bytes; the declared Content-Type is not trusted.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export type RasterType = 'image/png' | 'image/jpeg' | 'image/webp';

export function sniffImage(data: Buffer): RasterType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/** The largest side of a logo rendered from SVG, in pixels (sharp on an A4 invoice, small in the database). */
const SVG_RENDER_MAX_PX = 1200;

let resvgReady: Promise<typeof import('@resvg/resvg-wasm')> | null = null;
let svgFont: Uint8Array | null = null;

/** resvg's WebAssembly, compiled once on first use (the module ships inside the npm package, no download). */
function resvg() {
  resvgReady ??= (async () => {
    const module = await import('@resvg/resvg-wasm');
    const wasm = await readFile(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm'));
    await module.initWasm(wasm);
    svgFont = new Uint8Array(
      await readFile(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    );
    return module;
  })();
  return resvgReady;
}

/**
 * An uploaded SVG as a PNG, or null when it is not an SVG resvg can draw. The SVG itself is never stored or served:
 * an SVG is a document that can carry scripts, event handlers and `javascript:` links in forms no filter catches
 * (entity-encoded, `<svg/onload>` …), while a PNG carries none (issue 19 §6). resvg (a maintained renderer) runs no
 * script and loads no external image; text is drawn with DejaVu Sans, which covers Ukrainian.
 */
export async function svgToPng(data: Buffer): Promise<Buffer | null> {
  const head = data.subarray(0, 4096).toString('utf8');
  if (!/<svg[\s>/]/i.test(head)) return null;
  const { Resvg } = await resvg();
  try {
    const probe = new Resvg(data, { font: { fontBuffers: [svgFont!], defaultFontFamily: 'DejaVu Sans' } });
    const { width, height } = probe;
    probe.free();
    if (!(width > 0 && height > 0)) return null;
    const fitTo =
      Math.max(width, height) <= SVG_RENDER_MAX_PX
        ? ({ mode: 'original' } as const)
        : width >= height
          ? ({ mode: 'width', value: SVG_RENDER_MAX_PX } as const)
          : ({ mode: 'height', value: SVG_RENDER_MAX_PX } as const);
    const renderer = new Resvg(data, {
      fitTo,
      font: { fontBuffers: [svgFont!], defaultFontFamily: 'DejaVu Sans' },
    });
    const image = renderer.render();
    const png = Buffer.from(image.asPng());
    image.free();
    renderer.free();
    return png;
  } catch {
    // Not well-formed, or nothing resvg can draw.
    return null;
  }
}
