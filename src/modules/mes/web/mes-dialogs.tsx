// The terminal's two dialogs: the pause reasons (one tap sends the pause) and the quantities of 'Звітувати' and
// 'Завершити' — good and scrap on the numeric keypad, the scrap reason, QC pass/fail and 'Операцію завершено'.
import { useState } from 'react';
import { CheckIcon, XIcon } from 'lucide-react';
import {
  mesActionLabels,
  mesMessages,
  mesTexts,
  pauseReasons,
  qcFailActionLabels,
  qcFailActions,
  scrapReasons,
  type MesActionInput,
  type MesOperationDetail,
  type PauseReason,
  type QcFailAction,
} from '@/modules/mes/mes.contract.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog.tsx';
import { cn } from '@/web/lib/utils.ts';
import { BigButton, OfflineBanner, qtyText } from './mes-parts.tsx';
import { keypadDisplay, keypadValue, NumericKeypad } from './numeric-keypad.tsx';

function ServerError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-red-700 px-4 py-3 text-lg font-semibold text-white">
      {message}
    </p>
  ) : null;
}

export function PauseDialog({
  open,
  onOpenChange,
  busy,
  error,
  onRetry,
  onPause,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** The server's refusal of the last tap. */
  error: string | null;
  /** Set when the last tap got no answer: retries it with the same key. */
  onRetry: (() => void) | null;
  onPause: (reason: PauseReason) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="text-2xl">{mesTexts.pauseTitle}</DialogTitle>
          <DialogDescription className="sr-only">{mesTexts.pauseTitle}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          {pauseReasons.map((reason) => (
            <BigButton key={reason} tone="pause" disabled={busy} onClick={() => onPause(reason)}>
              {reason}
            </BigButton>
          ))}
        </div>
        <ServerError message={error} />
        {onRetry ? <OfflineBanner busy={busy} onRetry={onRetry} /> : null}
        <BigButton tone="neutral" onClick={() => onOpenChange(false)}>
          {mesTexts.cancel}
        </BigButton>
      </DialogContent>
    </Dialog>
  );
}

type Field = 'good' | 'scrap';

export type QuantityBody = Omit<MesActionInput, 'workerId' | 'badgeCode'>;

const isPositive = (value: string) => /[1-9]/.test(keypadValue(value));

export function QuantityDialog({
  mode,
  operation,
  busy,
  error,
  onRetry,
  onOpenChange,
  onSubmit,
}: {
  mode: 'report' | 'finish' | null;
  operation: MesOperationDetail;
  busy: boolean;
  /** The server's refusal of the last tap (e.g. 'Доступно 10'). */
  error: string | null;
  /** Set when the last tap got no answer: retries it with the same key. */
  onRetry: (() => void) | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (body: QuantityBody) => void;
}) {
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl p-4 sm:p-6">
        {mode ? (
          <QuantityForm key={mode} mode={mode} operation={operation} busy={busy} error={error} onSubmit={onSubmit} />
        ) : null}
        {mode && onRetry ? <OfflineBanner busy={busy} onRetry={onRetry} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function QuantityForm({
  mode,
  operation,
  busy,
  error,
  onSubmit,
}: {
  mode: 'report' | 'finish';
  operation: MesOperationDetail;
  busy: boolean;
  error: string | null;
  onSubmit: (body: QuantityBody) => void;
}) {
  const [field, setField] = useState<Field>('good');
  const [good, setGood] = useState('');
  const [scrap, setScrap] = useState('');
  const [scrapReason, setScrapReason] = useState<string | null>(null);
  const [qcPassed, setQcPassed] = useState<boolean | null>(null);
  const [qcFailAction, setQcFailAction] = useState<QcFailAction>('scrap');
  const [closeOperation, setCloseOperation] = useState(false);
  const [serials, setSerials] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const finish = mode === 'finish';
  const askQc = finish && operation.qualityCheck;
  const askSerials = finish && operation.autoOutput && operation.serialTracking;

  function submit() {
    if (!finish && !isPositive(good) && !isPositive(scrap)) return setProblem(mesMessages.noQty);
    if (isPositive(scrap) && !scrapReason) return setProblem(mesMessages.scrapReason);
    if (askQc && qcPassed === null) return setProblem(mesMessages.qcRequired);
    setProblem(null);
    const scanned = serials
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    onSubmit({
      goodQty: keypadValue(good),
      scrapQty: keypadValue(scrap),
      ...(isPositive(scrap) && scrapReason ? { scrapReason } : {}),
      ...(finish && qcPassed !== null ? { qcPassed } : {}),
      ...(finish && qcPassed === false ? { qcFailAction } : {}),
      ...(finish ? { closeOperation } : {}),
      ...(askSerials && scanned.length ? { serials: scanned } : {}),
    });
  }

  const valueButton = (which: Field, label: string, value: string) => (
    <button
      type="button"
      aria-pressed={field === which}
      aria-label={`${label}: ${keypadDisplay(value)}`}
      onClick={() => setField(which)}
      className={cn(
        'flex min-h-16 flex-1 flex-col items-start justify-center rounded-lg border-2 px-4 py-2 text-left outline-none',
        'focus-visible:ring-4 focus-visible:ring-blue-500',
        field === which
          ? 'border-blue-700 bg-blue-50 ring-4 ring-blue-300 dark:bg-blue-950 dark:ring-blue-900'
          : 'border-slate-400 bg-white dark:bg-slate-900',
      )}
    >
      <span className="text-sm font-semibold text-slate-700 dark:text-slate-300">{label}</span>
      <span className="text-3xl font-bold tabular-nums" data-testid={`mes-${which}-value`}>
        {keypadDisplay(value)}
      </span>
    </button>
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-2xl">{finish ? mesTexts.finishTitle : mesTexts.reportTitle}</DialogTitle>
        <DialogDescription className="text-base">
          {operation.moNumber} · {operation.seq} {operation.name}
          {operation.available !== null ? ` · ${mesTexts.available}: ${qtyText(operation.available)}` : ''}
        </DialogDescription>
      </DialogHeader>
      {/* Phones: values, keypad, options. Wider: values and options on the left, the keypad on the right. */}
      <div className="grid gap-4 md:grid-cols-[1fr_minmax(0,20rem)]">
        <div className="flex gap-3 md:col-start-1 md:row-start-1">
          {valueButton('good', mesTexts.good, good)}
          {valueButton('scrap', mesTexts.scrap, scrap)}
        </div>
        <div className="md:col-start-2 md:row-span-2 md:row-start-1">
          <NumericKeypad
            value={field === 'good' ? good : scrap}
            onChange={field === 'good' ? setGood : setScrap}
            disabled={busy}
          />
        </div>
        <div className="flex flex-col gap-4 md:col-start-1 md:row-start-2">
          {isPositive(scrap) ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-lg font-semibold">{mesTexts.scrapReason}</legend>
              <div className="grid grid-cols-2 gap-2">
                {scrapReasons.map((reason) => (
                  <BigButton
                    key={reason}
                    aria-pressed={scrapReason === reason}
                    tone={scrapReason === reason ? 'selected' : 'neutral'}
                    className="text-base"
                    onClick={() => setScrapReason(reason)}
                  >
                    {reason}
                  </BigButton>
                ))}
              </div>
            </fieldset>
          ) : null}
          {askQc ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-lg font-semibold">{mesTexts.qc}</legend>
              <div className="grid grid-cols-2 gap-2">
                <BigButton
                  className="px-3 text-lg"
                  aria-pressed={qcPassed === true}
                  tone={qcPassed === true ? 'start' : 'neutral'}
                  onClick={() => setQcPassed(true)}
                >
                  <CheckIcon aria-hidden="true" />
                  {mesTexts.qcPass}
                </BigButton>
                <BigButton
                  className="px-3 text-lg"
                  aria-pressed={qcPassed === false}
                  tone={qcPassed === false ? 'danger' : 'neutral'}
                  onClick={() => setQcPassed(false)}
                >
                  <XIcon aria-hidden="true" />
                  {mesTexts.qcFail}
                </BigButton>
              </div>
              {qcPassed === false ? (
                <div className="grid grid-cols-2 gap-2">
                  {qcFailActions.map((a) => (
                    <BigButton
                      key={a}
                      aria-pressed={qcFailAction === a}
                      tone={qcFailAction === a ? 'selected' : 'neutral'}
                      className="text-base"
                      onClick={() => setQcFailAction(a)}
                    >
                      {qcFailActionLabels[a]}
                    </BigButton>
                  ))}
                </div>
              ) : null}
            </fieldset>
          ) : null}
          {finish ? (
            <BigButton
              role="checkbox"
              aria-checked={closeOperation}
              tone={closeOperation ? 'selected' : 'neutral'}
              className="justify-start"
              onClick={() => setCloseOperation((v) => !v)}
            >
              <span
                className={cn(
                  'flex size-9 items-center justify-center rounded-md border-2',
                  closeOperation ? 'border-white bg-white text-blue-700' : 'border-slate-500',
                )}
                aria-hidden="true"
              >
                {closeOperation ? <CheckIcon /> : null}
              </span>
              {mesTexts.closeOperation}
            </BigButton>
          ) : null}
          {askSerials ? (
            <label className="flex flex-col gap-2 text-base font-semibold">
              {mesTexts.serials}
              <input
                value={serials}
                onChange={(e) => setSerials(e.target.value)}
                className="min-h-16 rounded-lg border-2 border-slate-400 bg-white px-4 text-lg dark:bg-slate-900"
                autoComplete="off"
              />
            </label>
          ) : null}
        </div>
      </div>
      <ServerError message={problem ?? error} />
      <BigButton tone={finish ? 'finish' : 'report'} disabled={busy} onClick={submit}>
        {mesTexts.confirm}: {finish ? mesActionLabels.finish : mesActionLabels.report}
      </BigButton>
    </>
  );
}
