// 'Нумерація документів' on /companies (reports-admin §12): each document type's prefix (1–6 letters or digits),
// this year's counter (read-only) and a preview of the next number as the prefix is typed. A new prefix numbers new
// documents only and continues the same counter. Offered to users who may change /companies; the server audits it.
import { useId, useState } from 'react';
import { ListOrderedIcon } from 'lucide-react';
import { companiesEndpoints } from '@/modules/companies/companies.endpoints.ts';
import {
  numberingMessages,
  PREFIX_PATTERN,
  type NumberedDocument,
  type NumberingRow,
} from '@/modules/stock/numbering.contract.ts';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { SettingsDialog, SettingsForm, type SettingsSubmit } from '@/web/components/settings-dialog.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { callEndpoint, endpointKey } from '@/web/lib/api.ts';
import { usePermission } from '@/web/lib/use-permission.ts';
import { companiesWebMessages } from './companies.messages.ts';

const m = companiesWebMessages.numbering;
const numberingKey = endpointKey(companiesEndpoints.numbering);
type Patch = Partial<Record<NumberedDocument, string>>;

/** The header button of the companies page; shown only to users who may change companies. */
export function NumberingButton() {
  const { canAccess } = usePermission('/companies');
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ListOrderedIcon aria-hidden="true" />
        {m.open}
      </Button>
      {open ? <NumberingDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function NumberingDialog({ onClose }: { onClose: () => void }) {
  return (
    <SettingsDialog<NumberingRow[]> texts={m} queryKey={numberingKey} className="sm:max-w-2xl" onClose={onClose}>
      {(rows) => <NumberingFields rows={rows} />}
    </SettingsDialog>
  );
}

/** The number a prefix gives the next document ('ЗМ-2026-00043'), from the row's own preview. */
const preview = (row: NumberingRow, prefix: string) => `${prefix}${row.next.slice(row.prefix.length)}`;

function NumberingFields({ rows }: { rows: NumberingRow[] }) {
  const id = useId();
  const [prefixes, setPrefixes] = useState<Record<string, string>>(
    Object.fromEntries(rows.map((r) => [r.docType, r.prefix])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(): SettingsSubmit<Patch> {
    const found: Record<string, string> = {};
    const patch: Patch = {};
    for (const row of rows) {
      const prefix = prefixes[row.docType]!.trim().toUpperCase();
      if (!PREFIX_PATTERN.test(prefix)) found[row.docType] = numberingMessages.prefixFormat;
      else if (prefix !== row.prefix) patch[row.docType] = prefix;
    }
    setErrors(found);
    return Object.keys(found).length ? null : patch;
  }

  const showError = (docType: string) => (message: string) => setErrors((e) => ({ ...e, [docType]: message }));

  return (
    <SettingsForm
      save={(patch: Patch) => callEndpoint(companiesEndpoints.patchNumbering, { body: patch })}
      submit={submit}
      submitOnEnter={false}
      failurePlacement="top"
      fieldErrors={Object.fromEntries(rows.map((r) => [r.docType, showError(r.docType)]))}
    >
      <div className="max-h-[60vh] overflow-y-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1 pr-2 font-medium">{m.type}</th>
              <th className="py-1 pr-2 font-medium">{m.prefix}</th>
              <th className="hidden py-1 pr-2 text-right font-medium sm:table-cell">{m.counter}</th>
              <th className="py-1 font-medium">{m.next}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const value = prefixes[row.docType]!;
              const upper = value.trim().toUpperCase();
              const inputId = `${id}-${row.docType}`;
              return (
                <tr key={row.docType} className="border-t align-top">
                  <td className="py-2 pr-2">
                    <label htmlFor={inputId}>{row.label}</label>
                  </td>
                  <td className="py-1 pr-2">
                    <Input
                      id={inputId}
                      className="h-8 w-24 uppercase"
                      maxLength={6}
                      value={value}
                      aria-invalid={errors[row.docType] ? true : undefined}
                      aria-describedby={`${inputId}-message`}
                      onChange={(e) => setPrefixes({ ...prefixes, [row.docType]: e.target.value })}
                    />
                    <FieldMessage id={`${inputId}-message`} error={errors[row.docType]} />
                  </td>
                  <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{row.counter}</td>
                  <td className="py-2 font-mono text-xs">{PREFIX_PATTERN.test(upper) ? preview(row, upper) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </SettingsForm>
  );
}
