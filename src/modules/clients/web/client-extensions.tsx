// What the clients and suppliers modules add to the declared lists (reference-data.md §13): per-row links to a
// client's delivery presets and Nova Poshta identity, and the bank accounts dialog of either.
import { useState, type MouseEvent } from 'react';
import { LandmarkIcon, PackageIcon, TruckIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import type { ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
import { BankAccountsDialog } from './bank-accounts-dialog.tsx';
import { RowAction } from '@/web/components/data-list.tsx';
import { endpointUrl } from '@/web/lib/api.ts';
import { clientsEndpoints } from '../clients.endpoints.ts';
import { clientsWebMessages } from './clients.messages.ts';

const messages = clientsWebMessages.actions;
/** The accounts endpoint of each counterparty list (the dialog reads and replaces them at one URL). */
const bankAccountsOf = {
  '/clients': clientsEndpoints.clientBankAccounts,
  '/suppliers': clientsEndpoints.supplierBankAccounts,
} as const;

const nameOf = (row: ResourceRow) => (typeof row.name === 'string' && row.name ? row.name : `#${row.id}`);

/**
 * The bank accounts button and its dialog. The dialog is portalled, but React still bubbles its clicks up
 * through the row, whose own click opens the edit form: they stop here.
 */
function BankAccountsAction({
  row,
  route,
  canChange,
}: {
  row: ResourceRow;
  route: '/clients' | '/suppliers';
  canChange: boolean;
}) {
  const [open, setOpen] = useState(false);
  const name = nameOf(row);
  return (
    <>
      <RowAction label={messages.bankAccounts(name)} onClick={() => setOpen(true)}>
        <LandmarkIcon aria-hidden="true" />
      </RowAction>
      {open ? (
        <span className="contents" onClick={(event: MouseEvent) => event.stopPropagation()}>
          <BankAccountsDialog
            title={messages.bankAccountsTitle(name)}
            url={endpointUrl(bankAccountsOf[route], { params: { id: row.id } })}
            canChange={canChange}
            onClose={() => setOpen(false)}
          />
        </span>
      ) : null}
    </>
  );
}

function ClientRowActions({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  const [, navigate] = useLocation();
  const name = nameOf(row);
  return (
    <>
      <RowAction
        label={messages.deliverySettings(name)}
        onClick={() => navigate(`/clients/${row.id}/delivery-settings`)}
      >
        <TruckIcon aria-hidden="true" />
      </RowAction>
      <RowAction label={messages.novaPoshta(name)} onClick={() => navigate(`/clients/${row.id}/nova-poshta-settings`)}>
        <PackageIcon aria-hidden="true" />
      </RowAction>
      <BankAccountsAction row={row} route="/clients" canChange={canChange} />
    </>
  );
}

function SupplierRowActions({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  return <BankAccountsAction row={row} route="/suppliers" canChange={canChange} />;
}

export const clientExtensions: ResourcePageExtensions = { rowActions: ClientRowActions };
export const supplierExtensions: ResourcePageExtensions = { rowActions: SupplierRowActions };
