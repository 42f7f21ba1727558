// A barcode drawn as SVG from the shared encoder (src/shared/barcode.ts): the same bars the PDF label prints.
import { useMemo } from 'react';
import { barRects, code128, ean13, type Symbology } from '@/shared/barcode.ts';
import { cn } from '@/web/lib/utils.ts';

export function BarcodeSvg({ symbology, text, className }: { symbology: Symbology; text: string; className?: string }) {
  const symbol = useMemo(() => {
    try {
      return symbology === 'ean13' ? ean13(text) : code128(text);
    } catch {
      return null;
    }
  }, [symbology, text]);
  if (!symbol) return null;
  const width = symbol.quietLeft + symbol.modules + symbol.quietRight;
  return (
    <svg
      role="img"
      aria-label={`${symbology === 'ean13' ? 'EAN-13' : 'Code 128'}: ${text}`}
      data-symbology={symbology}
      viewBox={`0 0 ${width} 40`}
      preserveAspectRatio="none"
      className={cn('block h-full w-full', className)}
      shapeRendering="crispEdges"
    >
      {barRects(symbol).map(([x, w]) => (
        <rect key={x} x={symbol.quietLeft + x} y={0} width={w} height={40} fill="currentColor" />
      ))}
    </svg>
  );
}
