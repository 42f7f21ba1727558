// What the companies module adds to the declared companies list (reference-data.md §15): each row's bank accounts
// (an IBAN belongs to one company only) and the logo printed on its documents; in the header, the numbering of
// documents.
import { useState, type MouseEvent, type ReactNode } from 'react';
import { ImageIcon, LandmarkIcon } from 'lucide-react';
import { companiesEndpoints } from '@/modules/companies/companies.endpoints.ts';
import { companiesMessages, LOGO_MAX_BYTES, LOGO_TYPES } from '@/modules/companies/companies.messages.ts';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import type { ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
import { BankAccountsDialog } from '@/modules/clients/web/index.ts';
import { RowAction } from '@/web/components/data-list.tsx';
import { StoredImageDialog } from '@/web/components/stored-image-dialog.tsx';
import { endpointUrl } from '@/web/lib/api.ts';
import { companiesWebMessages as messages } from './companies.messages.ts';
import { NumberingButton } from './numbering-dialog.tsx';

const LOGO_ACCEPT = LOGO_TYPES.join(',');

const nameOf = (row: ResourceRow) => (typeof row.name === 'string' && row.name ? row.name : `#${row.id}`);

/** Why a file cannot be a logo (in Ukrainian), or null when it can be uploaded. */
export function logoProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return companiesMessages.logoType;
  if (file.size > LOGO_MAX_BYTES) return companiesMessages.logoTooLarge;
  return null;
}

/**
 * A dialog opened from a row. It is portalled, but React still bubbles its clicks up through the row, whose own
 * click opens the edit form: they stop here.
 */
function InRow({ children }: { children: ReactNode }) {
  return (
    <span className="contents" onClick={(event: MouseEvent) => event.stopPropagation()}>
      {children}
    </span>
  );
}

function CompanyRowActions({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  const [open, setOpen] = useState<'accounts' | 'logo' | null>(null);
  const name = nameOf(row);
  const close = () => setOpen(null);
  return (
    <>
      <RowAction label={messages.bankAccounts(name)} onClick={() => setOpen('accounts')}>
        <LandmarkIcon aria-hidden="true" />
      </RowAction>
      {canChange ? (
        <RowAction label={messages.logo(name)} onClick={() => setOpen('logo')}>
          <ImageIcon aria-hidden="true" />
        </RowAction>
      ) : null}
      {open === 'accounts' ? (
        <InRow>
          <BankAccountsDialog
            title={messages.bankAccounts(name)}
            url={endpointUrl(companiesEndpoints.bankAccounts, { params: { id: row.id } })}
            canChange={canChange}
            onClose={close}
          />
        </InRow>
      ) : null}
      {open === 'logo' ? (
        <InRow>
          <LogoDialog companyId={row.id} name={name} onClose={close} />
        </InRow>
      ) : null}
    </>
  );
}

export function LogoDialog({ companyId, name, onClose }: { companyId: number; name: string; onClose: () => void }) {
  const m = messages.logoDialog;
  return (
    <StoredImageDialog
      url={endpointUrl(companiesEndpoints.logo, { params: { id: companyId } })}
      name={name}
      accept={LOGO_ACCEPT}
      problemOf={logoProblem}
      texts={{
        ...m,
        title: m.title(name),
        alt: m.alt(name),
        missing: companiesMessages.noLogo,
        saved: companiesMessages.logoSaved,
        removed: companiesMessages.logoRemoved,
      }}
      placeholder={<ImageIcon className="size-8 opacity-50" aria-hidden="true" />}
      onClose={onClose}
    />
  );
}

export const companyExtensions: ResourcePageExtensions = { rowActions: CompanyRowActions, toolbar: NumberingButton };
