// The lookup in a dialog (warehouse.md §9): the dashboard's 'Сканувати штрих-код' and the stock pages open it.
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog.tsx';
import { ScannerPanel } from './scanner-panel.tsx';
import { scannerWebMessages as messages } from './scanner.messages.ts';

export interface ScannerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ScannerDialog({ open, onOpenChange }: ScannerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{messages.dialogTitle}</DialogTitle>
          <DialogDescription>{messages.subtitle}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: closing stops the camera and clears the scans. */}
        {open ? <ScannerPanel withModes={false} onNavigate={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
