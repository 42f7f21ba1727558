// The confirmations of the counting screen: 'Провести' (with the choice for uncounted lines), 'Скасувати' (a reason
// is required), deleting a draft, and 'Додати' — an item found on the shelf.
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  uncountedPolicies,
  uncountedPolicyLabels,
  type Audit,
  type AuditLine,
  type UncountedPolicy,
  auditMessages,
} from '@/modules/inventory-audits/inventory-audits.contract.ts';

import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { DeleteDraftDialog as DeleteDraft } from '@/web/components/document-dialog.tsx';
import { CancelDocumentDialog } from '@/web/components/document-view.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { ConfirmDialog, FormFailure } from '@/web/components/document-parts.tsx';
import { auditsApi } from './inventory-audits.api.ts';
import { auditsWebMessages } from './inventory-audits.messages.ts';

const p = auditsWebMessages.page;

export function PostAuditDialog({
  audit,
  onPosted,
  onClose,
}: {
  audit: Audit;
  onPosted: (audit: Audit) => void;
  onClose: () => void;
}) {
  const c = auditsWebMessages.confirmPost;
  const name = useId();
  const [policy, setPolicy] = useState<UncountedPolicy>('ignore');
  const post = useMutation({
    mutationFn: () => auditsApi.post(audit.id, policy, audit.version),
    onSuccess: (posted) => {
      toast({ title: p.posted, description: posted.number });
      onPosted(posted);
    },
  });
  const uncounted = audit.lineCount - audit.countedCount;
  return (
    <ConfirmDialog
      title={c.title}
      description={c.description(uncounted)}
      confirmLabel={c.confirm}
      cancelLabel={c.cancel}
      pending={post.isPending}
      onConfirm={() => post.mutate()}
      onClose={onClose}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{c.policy}</legend>
        {uncountedPolicies.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
              policy === value && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={policy === value}
              onChange={() => setPolicy(value)}
              className="accent-primary"
            />
            {uncountedPolicyLabels[value]}
          </label>
        ))}
      </fieldset>
      {post.error ? <FormFailure>{serverMessageOf(post.error) ?? p.postFailed}</FormFailure> : null}
    </ConfirmDialog>
  );
}

export function CancelAuditDialog({
  audit,
  onCancelled,
  onClose,
}: {
  audit: Audit;
  onCancelled: (audit: Audit) => void;
  onClose: () => void;
}) {
  const c = auditsWebMessages.confirmCancel;
  return (
    <CancelDocumentDialog
      texts={c}
      description={audit.status === 'posted' ? c.descriptionPosted(audit.number) : c.descriptionCounting(audit.number)}
      requiredMessage={auditMessages.reason}
      toasts={{ cancelled: p.cancelled, cancelFailed: p.cancelFailed }}
      cancel={(reason) => auditsApi.cancel(audit.id, reason)}
      onCancelled={onCancelled}
      onClose={onClose}
    />
  );
}

export function DeleteDraftDialog({
  audit,
  onDeleted,
  onClose,
}: {
  audit: Audit;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const remove = useMutation({
    mutationFn: () => auditsApi.remove(audit.id),
    onSuccess: () => {
      toast({ title: p.deleted, description: audit.number });
      onDeleted();
    },
  });
  return (
    <DeleteDraft
      number={audit.number}
      pending={remove.isPending}
      texts={auditsWebMessages.confirmDelete}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      {remove.error ? <FormFailure>{serverMessageOf(remove.error) ?? p.deleteFailed}</FormFailure> : null}
    </DeleteDraft>
  );
}

/** 'Додати': an item found on the shelf that the audit does not have yet. */
export function AddLineDialog({
  audit,
  onAdded,
  onClose,
}: {
  audit: Audit;
  onAdded: (line: AuditLine) => void;
  onClose: () => void;
}) {
  const [source, setSource] = useState<'/components' | '/products'>('/components');
  const [item, setItem] = useState<{ id: number; label: string } | null>(null);
  const add = useMutation({
    mutationFn: (itemId: number) => auditsApi.addLine(audit.id, itemId),
    onSuccess: (line) => {
      toast({ title: p.added, description: `${line.sku} ${line.name}` });
      onAdded(line);
    },
  });
  return (
    <ConfirmDialog
      title={p.addTitle}
      description={p.addDescription}
      confirmLabel={p.addConfirm}
      cancelLabel={p.close}
      pending={add.isPending}
      onConfirm={() => item && add.mutate(item.id)}
      onClose={onClose}
    >
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={p.addSource}>
          {(
            [
              ['/components', auditsWebMessages.create.components],
              ['/products', auditsWebMessages.create.products],
            ] as const
          ).map(([route, label]) => (
            <Button
              key={route}
              type="button"
              size="sm"
              variant={source === route ? 'default' : 'outline'}
              aria-pressed={source === route}
              onClick={() => {
                setSource(route);
                setItem(null);
              }}
            >
              {label}
            </Button>
          ))}
        </div>
        <ReferencePicker
          route={source}
          value={item?.id ?? null}
          valueLabel={item?.label ?? null}
          placeholder={p.itemPlaceholder}
          aria-label={p.itemPlaceholder}
          onChange={(id, label) => setItem(id === null ? null : { id, label: label ?? String(id) })}
        />
        {add.error ? <FormFailure>{serverMessageOf(add.error) ?? p.addFailed}</FormFailure> : null}
      </div>
    </ConfirmDialog>
  );
}
