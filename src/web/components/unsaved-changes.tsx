// A form with unsaved changes asks before Esc, the close button, a click outside or leaving the page throw them away
// (issue 20: Esc silently dropped a filled order form). Wrap the dialog's close in `attempt`; render `prompt`.
import { useEffect, useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog.tsx';
import { uiMessages } from '@/web/lib/ui.messages.ts';

const messages = uiMessages.unsaved;

export function useUnsavedChanges(dirty: boolean): { attempt: (close: () => void) => void; prompt: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);

  // Leaving the page (a sidebar link is a full page load, spec §2) or closing the tab: the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const prompt = pending ? (
    <AlertDialog open onOpenChange={(open) => !open && setPending(null)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{messages.title}</AlertDialogTitle>
          <AlertDialogDescription>{messages.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{messages.keepEditing}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              const close = pending;
              setPending(null);
              close();
            }}
          >
            {messages.discard}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  ) : null;

  return {
    attempt: (close) => (dirty ? setPending(() => close) : close()),
    prompt,
  };
}
