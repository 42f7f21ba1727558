// 'Перевірка банківських листів' (reports-admin.md §17): paste a bank letter or upload an .eml, 'Розібрати' shows what
// the pipeline reads and would do without writing anything, 'Обробити' (after a confirmation) runs the real import
// once — 'Вже оброблено' the second time. The mailbox itself is set up on /integrations.
import { useId, useState, type ChangeEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'wouter';
import { FileUpIcon, Loader2Icon, PlayIcon, SearchCheckIcon } from 'lucide-react';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { ListHeader } from '@/web/components/list-page.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import type { BankEmailAnalysis, BankEmailProcessed } from '../bank-mailbox.contract.ts';
import { bankEmailTestApi } from './bank-email-test.api.ts';
import { BankEmailResult } from './bank-email-result.tsx';
import { MailboxSummary } from './mailbox-summary.tsx';
import { bankEmailTestWebMessages as m } from './bank-email-test-web.messages.ts';

export function BankEmailTestPage() {
  const id = useId();
  const { canAccess } = usePermission('/bank-email-test');
  const [raw, setRaw] = useState('');
  const [analysis, setAnalysis] = useState<BankEmailAnalysis | null>(null);
  const [processed, setProcessed] = useState<BankEmailProcessed | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const parse = useMutation({
    mutationFn: () => bankEmailTestApi.parse(raw),
    onMutate: () => setFailure(null),
    onSuccess: (a) => {
      setAnalysis(a);
      setProcessed(null);
    },
    onError: (error) => setFailure(serverMessageOf(error) ?? m.parse),
  });
  const process = useMutation({
    mutationFn: () => bankEmailTestApi.process(raw),
    onMutate: () => setFailure(null),
    onSuccess: (p) => {
      setProcessed(p);
      setConfirming(false);
    },
    onError: (error) => {
      setFailure(serverMessageOf(error) ?? m.process);
      setConfirming(false);
    },
  });
  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setRaw(await file.text());
    setAnalysis(null);
    setProcessed(null);
    event.target.value = '';
  }
  const busy = parse.isPending || process.isPending;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader title={m.title} subtitle={m.subtitle} />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-base">{m.input}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Label htmlFor={`${id}-raw`}>{m.rawLabel}</Label>
          <Textarea
            id={`${id}-raw`}
            value={raw}
            rows={10}
            className="font-mono text-xs"
            placeholder={m.rawPlaceholder}
            onChange={(e) => {
              setRaw(e.target.value);
              setAnalysis(null);
              setProcessed(null);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={!raw.trim() || busy} onClick={() => parse.mutate()}>
              {parse.isPending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <SearchCheckIcon aria-hidden="true" />
              )}
              {m.parse}
            </Button>
            {canAccess ? (
              <Button
                type="button"
                variant="outline"
                disabled={!raw.trim() || busy}
                onClick={() => setConfirming(true)}
              >
                <PlayIcon aria-hidden="true" />
                {m.process}
              </Button>
            ) : null}
            <Button type="button" variant="ghost" asChild>
              <label htmlFor={`${id}-file`} className="cursor-pointer">
                <FileUpIcon aria-hidden="true" />
                {m.upload}
              </label>
            </Button>
            <input
              id={`${id}-file`}
              type="file"
              accept=".eml,message/rfc822,text/plain"
              className="sr-only"
              onChange={upload}
            />
          </div>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </CardContent>
      </Card>
      {processed ? (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="text-base">{m.processed}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-3 text-sm">
            <span role="status">{processed.message}</span>
            {processed.paymentId ? (
              <Link
                href={`/payments?open=${processed.paymentId}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {m.openPayments}
              </Link>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {analysis ? <BankEmailResult analysis={analysis} /> : null}
      <MailboxSummary />
      {confirming ? (
        <ConfirmDialog
          title={m.processConfirmTitle}
          description={m.processConfirm}
          confirmLabel={m.process}
          cancelLabel={m.cancel}
          pending={process.isPending}
          onConfirm={() => process.mutate()}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
