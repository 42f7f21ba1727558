// '/scanner' — 'Сканер штрих-кодів' (warehouse.md §9): the scanner with its document modes.
import { ScannerPanel } from './scanner-panel.tsx';
import { scannerWebMessages as messages } from './scanner.messages.ts';

export function ScannerPage() {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{messages.title}</h1>
        <p className="text-sm text-muted-foreground">{messages.subtitle}</p>
      </div>
      <div className="max-w-3xl">
        <ScannerPanel withModes />
      </div>
    </div>
  );
}
