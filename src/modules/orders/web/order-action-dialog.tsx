// The confirmation of one action of an order's drawer (sales.md §1 Page), with the fields it needs: a reason to
// close or cancel, the approval and its note for production. The page's data refreshes after it.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  orderActionLabels,
  orderReasonSchema,
  type Order,
  type OrderAction,
} from '@/modules/orders/orders.contract.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { LinkedMosNotice, useLinkedMos, type MoLinkEffect } from './order-mo-links.tsx';
import { ConfirmDialog, FormFailure } from './order-parts.tsx';
import { isOrdersQuery, ordersApi } from './orders.api.ts';
import { ordersWebMessages } from './orders.messages.ts';
import { FROM_ORDER_PARAM, FROM_ORDER_VALUE } from './related.tsx';

const dl = ordersWebMessages.dialogs;

/** The actions that ask first (a dialog), and the ones that run at once. */
export type DialogAction = Extract<
  OrderAction,
  | 'confirm'
  | 'return-to-draft'
  | 'unreserve'
  | 'delete'
  | 'close'
  | 'close-short'
  | 'cancel'
  | 'send-invoice'
  | 'ship'
  | 'production-approval'
>;

/** The confirmation of one action, with the fields it needs; the page's data refreshes after it. */
export function ActionDialog({
  order,
  action,
  onDone,
  onDeleted,
}: {
  order: Order;
  action: DialogAction;
  onDone: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [approved, setApproved] = useState(!order.productionApproved);
  const [note, setNote] = useState(order.productionApprovalNote ?? '');
  const [error, setError] = useState<string | null>(null);
  const done = ordersWebMessages.actions.done;
  // The MOs linked to the lines matter to return to draft, cancel and revoking the approval (sales.md §1.1, §1.3).
  const moEffect: MoLinkEffect | null =
    action === 'return-to-draft'
      ? 'noDraft'
      : action === 'cancel'
        ? 'cancel'
        : action === 'production-approval' && order.productionApproved && !approved
          ? 'noRevoke'
          : null;
  const linked = useLinkedMos(
    order.id,
    action === 'return-to-draft' ||
      action === 'cancel' ||
      (action === 'production-approval' && order.productionApproved),
  );

  const run = useMutation({
    mutationFn: async (): Promise<unknown> => {
      const version = order.version;
      switch (action) {
        case 'delete':
          return ordersApi.remove(order.id, version);
        case 'close':
        case 'close-short':
          return ordersApi.action(order.id, 'close', { version, reason: reason.trim() });
        case 'cancel':
          return ordersApi.action(order.id, 'cancel', { version, reason: reason.trim() });
        case 'send-invoice':
          return ordersApi.sendInvoice(order.id);
        case 'ship':
          return ordersApi.ship(order.id);
        case 'production-approval':
          return ordersApi.action(order.id, 'production-approval', {
            version,
            approved,
            note: note.trim() || null,
          });
        default:
          return ordersApi.action(order.id, action, { version });
      }
    },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ predicate: isOrdersQuery });
      if (action === 'send-invoice') {
        const sent = answer as { recipients: string[] };
        toast({ title: done[action]!, description: ordersWebMessages.actions.sentTo(sent.recipients) });
      } else {
        toast({ title: done[action]!, description: order.orderNumber });
      }
      onDone();
      if (action === 'delete') onDeleted();
      if (action === 'ship') {
        navigate(`/shipments?open=${(answer as { id: number }).id}&${FROM_ORDER_PARAM}=${FROM_ORDER_VALUE}`);
      }
    },
  });
  const failure = run.error ? (serverMessageOf(run.error) ?? ordersWebMessages.actions.failed) : null;
  const needsReason = action === 'close' || action === 'close-short' || action === 'cancel';

  function confirm() {
    if (needsReason) {
      const parsed = orderReasonSchema.safeParse({ reason });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? dl.reason);
        return;
      }
    }
    setError(null);
    run.mutate();
  }

  const texts: Record<DialogAction, [title: string, description: string, confirm: string]> = {
    confirm: [dl.confirmTitle, dl.confirmDescription, orderActionLabels.confirm],
    'return-to-draft': [dl.returnTitle, dl.returnDescription, orderActionLabels['return-to-draft']],
    unreserve: [dl.unreserveTitle, dl.unreserveDescription, orderActionLabels.unreserve],
    delete: [dl.deleteTitle, dl.deleteDescription(order.orderNumber), orderActionLabels.delete],
    close: [dl.closeTitle, dl.closeDescription, orderActionLabels.close],
    'close-short': [dl.closeShortTitle, dl.closeShortDescription, orderActionLabels['close-short']],
    cancel: [dl.cancelTitle, dl.cancelDescription, orderActionLabels.cancel],
    'send-invoice': [dl.sendTitle, dl.sendDescription, dl.send],
    ship: [dl.shipTitle, dl.shipDescription, dl.ship],
    'production-approval': [dl.approvalTitle, dl.approvalDescription, approved ? dl.approve : dl.revoke],
  };
  const [title, description, confirmLabel] = texts[action];

  let body: ReactNode = null;
  if (needsReason) {
    body = (
      <div className="grid gap-2">
        <Label htmlFor={`${formId}-reason`}>
          {dl.reason}
          <span className="text-destructive dark:text-red-400" aria-hidden="true">
            *
          </span>
        </Label>
        <Textarea
          id={`${formId}-reason`}
          rows={3}
          maxLength={500}
          placeholder={dl.reasonPlaceholder}
          value={reason}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={`${formId}-reason-message`}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
        />
        <FieldMessage id={`${formId}-reason-message`} error={error ?? undefined} />
      </div>
    );
  } else if (action === 'production-approval') {
    body = (
      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Switch id={`${formId}-approved`} checked={approved} onCheckedChange={setApproved} />
          <Label htmlFor={`${formId}-approved`}>{dl.approve}</Label>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${formId}-note`}>{dl.approvalNote}</Label>
          <Textarea
            id={`${formId}-note`}
            rows={2}
            maxLength={500}
            placeholder={dl.approvalNotePlaceholder}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      </div>
    );
  }

  const moNotice = moEffect ? <LinkedMosNotice effect={moEffect} query={linked.query} links={linked.links} /> : null;

  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={dl.keep}
      pending={run.isPending}
      destructive={action === 'cancel' || action === 'delete' || (action === 'production-approval' && !approved)}
      onConfirm={confirm}
      onClose={onDone}
    >
      {body || moNotice || failure ? (
        <div className="grid gap-3">
          {body}
          {moNotice}
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
