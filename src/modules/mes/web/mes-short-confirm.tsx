// The terminal's question before the first start of an MO whose materials are short (issue 21):
// 'Бракує матеріалів: … Почати все одно?' — 'Почати все одно' starts it, 'Скасувати' leaves it.
import { PlayIcon } from 'lucide-react';
import { mesTexts } from '@/modules/mes/mes.contract.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog.tsx';
import { BigButton } from './mes-parts.tsx';

export function ShortMaterialsConfirm({
  question,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The server's question; null = closed. */
  question: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={question !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="text-2xl">{mesTexts.shortTitle}</DialogTitle>
          <DialogDescription className="text-lg text-foreground">{question}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <BigButton tone="start" disabled={busy} onClick={onConfirm}>
            <PlayIcon aria-hidden="true" />
            {mesTexts.startAnyway}
          </BigButton>
          <BigButton tone="neutral" disabled={busy} onClick={onCancel}>
            {mesTexts.cancel}
          </BigButton>
        </div>
      </DialogContent>
    </Dialog>
  );
}
