// How a document offers what can be done with it (issue 20 §2): one primary button — the next step of its life
// ('Провести', 'Підтвердити', 'Відвантажити') — a few plain ones beside it, and everything else in 'Ще'; destructive
// actions ('Скасувати', 'Видалити') only in that menu, each behind a confirmation, with a required reason where the
// document keeps one. The same reason dialog serves every document type.
import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ConfirmDialog } from '@/web/components/document-parts.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { uiMessages } from '@/web/lib/ui.messages.ts';

const messages = uiMessages.documentActions;

export interface DocumentAction {
  /** Stable name (tests and keys). */
  id: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** Why it is disabled, read as the button's description. */
  disabledReason?: string;
  pending?: boolean;
  /** Only in the 'Ще' menu, under a separator, and never the primary one. */
  destructive?: boolean;
}

export function DocumentActionBar({
  primary,
  secondary = [],
  more = [],
}: {
  /** The document's next step; none when it has no next step (a closed document). */
  primary?: DocumentAction | null;
  /** Plain buttons beside it (print, copy). */
  secondary?: readonly DocumentAction[];
  /** The rest, destructive ones last. */
  more?: readonly DocumentAction[];
}) {
  const plain = more.filter((a) => !a.destructive);
  const destructive = more.filter((a) => a.destructive);
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={messages.toolbar}>
      {primary && !primary.destructive ? <ActionButton action={primary} variant="default" /> : null}
      {secondary
        .filter((a) => !a.destructive)
        .map((action) => (
          <ActionButton key={action.id} action={action} variant="outline" />
        ))}
      {more.length ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              {messages.more}
              <ChevronDownIcon className="opacity-60" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {plain.map((action) => (
              <DropdownMenuItem key={action.id} disabled={action.disabled} onSelect={action.onSelect}>
                {action.icon}
                {action.label}
              </DropdownMenuItem>
            ))}
            {plain.length && destructive.length ? <DropdownMenuSeparator /> : null}
            {destructive.map((action) => (
              <DropdownMenuItem
                key={action.id}
                variant="destructive"
                disabled={action.disabled}
                onSelect={action.onSelect}
              >
                {action.icon}
                {action.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}

function ActionButton({ action, variant }: { action: DocumentAction; variant: 'default' | 'outline' }) {
  const descriptionId = useId();
  return (
    <>
      <Button
        variant={variant}
        disabled={action.disabled || action.pending}
        aria-describedby={action.disabled && action.disabledReason ? descriptionId : undefined}
        onClick={action.onSelect}
      >
        {action.pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : action.icon}
        {action.label}
      </Button>
      {action.disabled && action.disabledReason ? (
        <span id={descriptionId} className="sr-only">
          {action.disabledReason}
        </span>
      ) : null}
    </>
  );
}

/**
 * The confirmation of a step that needs a reason ('Скасувати', 'Відхилити', 'Не наш платіж'): the reason is required,
 * the usual ones are a click away, and the dialog stays open until the server answers; its error shows under the
 * reason.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = messages.back,
  reasonLabel = messages.reason,
  placeholder,
  requiredMessage = messages.reasonRequired,
  suggestions = [],
  initialReason = '',
  destructive = true,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  reasonLabel?: string;
  placeholder?: string;
  /** Said when the reason is left empty; the module's own wording ('Вкажіть причину списання'). */
  requiredMessage?: string;
  suggestions?: readonly string[];
  initialReason?: string;
  destructive?: boolean;
  pending: boolean;
  /** The server's refusal, shown under the reason. */
  error?: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState(initialReason);
  const [missing, setMissing] = useState(false);
  const shown = missing ? requiredMessage : error;
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      destructive={destructive}
      pending={pending}
      onConfirm={() => {
        const text = reason.trim();
        if (!text) {
          setMissing(true);
          return;
        }
        onConfirm(text);
      }}
      onClose={onClose}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>{reasonLabel}</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          rows={2}
          maxLength={500}
          placeholder={placeholder}
          aria-required
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-reason-message`}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        {suggestions.length ? (
          <div className="flex flex-wrap gap-1.5">
            {suggestions.map((text) => (
              <Button
                key={text}
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  setReason(text);
                  setMissing(false);
                }}
              >
                {text}
              </Button>
            ))}
          </div>
        ) : null}
        <FieldMessage id={`${id}-reason-message`} error={shown} />
      </div>
    </ConfirmDialog>
  );
}
