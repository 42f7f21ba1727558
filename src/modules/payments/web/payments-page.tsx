// 'Платежі' (sales.md §2): stat cards (pending count and amount, received today and this month, advances not
// allocated) and three tabs — 'Неопрацьовані' (the queue, the default while anything is pending), 'Усі платежі' (the
// register) and 'Банківські операції' (raw bank operations). 'Новий платіж' (also opened by `?orderId=`), 'Імпорт
// виписки' and the matching settings are offered to users who may change payments. Every change refreshes the stats
// query, which is the sidebar badge's own.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { BanknoteIcon, CalendarDaysIcon, InboxIcon, PlusIcon, UploadIcon, WalletIcon } from 'lucide-react';
import type { PaymentStats } from '@/modules/payments/payments.contract.ts';
import { openedFromOrder, orderDrawerHref } from '@/modules/orders/web/index.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { ListHeader, SettingsButton } from '@/web/components/list-page.tsx';
import { StatCard, statTones } from '@/web/components/stat-card.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { formatMoney } from '@/web/lib/document-format.ts';
import { BankTransactionsTab } from './bank-transactions-tab.tsx';
import { ImportStatementDialog } from './import-dialog.tsx';
import { PaymentDialog } from './payment-dialog.tsx';
import { PaymentView } from './payment-view.tsx';
import { PaymentsQueue } from './payments-queue.tsx';
import { PaymentsRegister } from './payments-register.tsx';
import { PaymentsSettingsDialog } from './payments-settings-dialog.tsx';
import { PAYMENTS_ROUTE, paymentStatsQueryKey } from './payments.api.ts';
import { paymentsWebMessages as messages } from './payments.messages.ts';

type Tab = 'queue' | 'register' | 'bank';
type OpenDialog =
  { kind: 'new'; orderId?: number } | { kind: 'view'; id: number } | { kind: 'import' } | { kind: 'settings' } | null;

export function PaymentsPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { canAccess } = usePermission(PAYMENTS_ROUTE);
  const [tab, setTab] = useState<Tab | null>(null);
  // `?orderId=` (an order's 'Записати оплату'): the new payment dialog for that order's client and outstanding;
  // `?open=<id>` (a linked document's link, a notification): that payment's view.
  const [dialog, setDialog] = useState<OpenDialog>(() => {
    const params = new URLSearchParams(search);
    const orderId = Number(params.get('orderId'));
    const open = Number(params.get('open'));
    if (Number.isInteger(orderId) && orderId > 0) return { kind: 'new', orderId };
    return Number.isInteger(open) && open > 0 ? { kind: 'view', id: open } : null;
  });
  // Opened by an order's action (`&from=order`): saving or closing the dialog goes back to the order's drawer.
  const backToOrder = openedFromOrder(search) && dialog?.kind === 'new' ? dialog.orderId : undefined;
  const stats = useQuery<PaymentStats>({ queryKey: paymentStatsQueryKey, staleTime: 5000 });

  function closeDialog() {
    setDialog(null);
    if (backToOrder !== undefined) navigate(orderDrawerHref(backToOrder));
    else if (['orderId', 'open'].some((key) => new URLSearchParams(search).has(key))) {
      navigate(location, { replace: true });
    }
  }
  const openPayment = (id: number) => setDialog({ kind: 'view', id });
  // The queue is the default tab while anything waits for a person (and while the stats load).
  const activeTab: Tab = tab ?? (stats.data && stats.data.pendingPayments === 0 ? 'register' : 'queue');
  const pending = stats.data?.pendingPayments;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <ListHeader
        title={messages.title}
        subtitle={messages.subtitle}
        actions={
          canAccess ? (
            <>
              <SettingsButton label={messages.settings} onClick={() => setDialog({ kind: 'settings' })} />
              <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
                <UploadIcon aria-hidden="true" />
                {messages.importStatement}
              </Button>
              <Button onClick={() => setDialog({ kind: 'new' })}>
                <PlusIcon aria-hidden="true" />
                {messages.newPayment}
              </Button>
            </>
          ) : null
        }
      />

      <section className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label={messages.title}>
        <StatCard
          label={messages.stats.pending}
          icon={InboxIcon}
          tone={pending ? statTones.amber : statTones.green}
          value={stats.data ? String(stats.data.pendingPayments) : '—'}
          hint={
            stats.data ? messages.stats.pendingHint(formatMoney(stats.data.pendingAmount)) : messages.stats.loadError
          }
          pressed={activeTab === 'queue'}
          onClick={() => setTab('queue')}
        />
        <StatCard
          label={messages.stats.today}
          icon={BanknoteIcon}
          tone={statTones.primary}
          value={stats.data ? formatMoney(stats.data.todayAmount) : '—'}
          unit={messages.uah}
          hint={messages.stats.todayHint}
        />
        <StatCard
          label={messages.stats.month}
          icon={CalendarDaysIcon}
          tone={statTones.sky}
          value={stats.data ? formatMoney(stats.data.monthAmount) : '—'}
          unit={messages.uah}
          hint={messages.stats.monthHint}
        />
        <StatCard
          label={messages.stats.advances}
          icon={WalletIcon}
          tone={statTones.amber}
          value={stats.data ? formatMoney(stats.data.unallocatedAmount) : '—'}
          unit={messages.uah}
          hint={messages.stats.advancesHint}
        />
      </section>

      <Tabs value={activeTab} onValueChange={(value) => setTab(value as Tab)} className="min-w-0 gap-4">
        <TabsList className="w-full justify-start sm:w-fit">
          <TabsTrigger value="queue">
            {messages.tabs.queue}
            {pending ? (
              <span className="rounded-full bg-amber-500/20 px-1.5 text-xs font-semibold tabular-nums">{pending}</span>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="register">{messages.tabs.register}</TabsTrigger>
          <TabsTrigger value="bank">{messages.tabs.bank}</TabsTrigger>
        </TabsList>
        <TabsContent value="queue" className="min-w-0">
          <PaymentsQueue canChange={canAccess} onOpen={openPayment} />
        </TabsContent>
        <TabsContent value="register" className="min-w-0">
          <PaymentsRegister canCreate={canAccess} onOpen={openPayment} />
        </TabsContent>
        <TabsContent value="bank" className="min-w-0">
          <BankTransactionsTab onOpenPayment={openPayment} />
        </TabsContent>
      </Tabs>

      {dialog?.kind === 'new' && canAccess ? <PaymentDialog orderId={dialog.orderId} onClose={closeDialog} /> : null}
      {dialog?.kind === 'view' ? (
        <PaymentView paymentId={dialog.id} canChange={canAccess} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'import' ? <ImportStatementDialog onClose={closeDialog} /> : null}
      {dialog?.kind === 'settings' ? <PaymentsSettingsDialog onClose={closeDialog} /> : null}
    </div>
  );
}
