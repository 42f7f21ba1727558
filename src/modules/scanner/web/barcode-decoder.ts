// The camera's decoder (warehouse.md §9): the browser's own BarcodeDetector where it reads our formats, else the
// `barcode-detector` ponyfill over ZXing WebAssembly. The ponyfill and its .wasm are loaded only when the camera is
// first used, and the .wasm is served by this app (never a CDN), so scanning works offline.
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code'] as const;

export interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string; format: string }>>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

let pending: Promise<Detector> | null = null;

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = SCAN_FORMATS.filter((f) => supported.includes(f));
    // Use the native one only when it reads the product codes; otherwise ZXing reads them all.
    if (!formats.includes('ean_13') || !formats.includes('code_128')) return null;
    return new Native({ formats: [...formats] });
  } catch {
    return null;
  }
}

async function ponyfillDetector(): Promise<Detector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Instantiated now, so a decoder that cannot load (say, a CSP without 'wasm-unsafe-eval') says so at once.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] }) as Detector;
}

/** The one detector of the page, created on first use. */
export function loadDetector(): Promise<Detector> {
  pending ??= nativeDetector()
    .then((native) => native ?? ponyfillDetector())
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
