// What each row of the /components list links to (reference-data.md §17): the component's suppliers
// (component-suppliers.tsx) and its interchangeable components (component-alternatives.tsx), each in a dialog.
import { useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { ReplaceIcon, TruckIcon } from 'lucide-react';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import { RowAction } from '@/web/components/data-list.tsx';
import { AlternativesDialog } from './component-alternatives.tsx';
import { componentLinksMessages as messages } from './component-links.messages.ts';
import { SuppliersDialog } from './component-suppliers.tsx';

const nameOf = (row: ResourceRow) => (typeof row.name === 'string' && row.name ? row.name : `#${row.id}`);

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

function ComponentLinkActions({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  const [open, setOpen] = useState<'suppliers' | 'alternatives' | null>(null);
  // Both dialogs edit; a user who may only look sees the component's list row and nothing to change.
  if (!canChange) return null;
  const name = nameOf(row);
  const close = () => setOpen(null);
  return (
    <>
      <RowAction label={messages.suppliersAction(name)} onClick={() => setOpen('suppliers')}>
        <TruckIcon aria-hidden="true" />
      </RowAction>
      <RowAction label={messages.alternativesAction(name)} onClick={() => setOpen('alternatives')}>
        <ReplaceIcon aria-hidden="true" />
      </RowAction>
      {open === 'suppliers' ? (
        <InRow>
          <SuppliersDialog componentId={row.id} name={name} onClose={close} />
        </InRow>
      ) : null}
      {open === 'alternatives' ? (
        <InRow>
          <AlternativesDialog componentId={row.id} name={name} onClose={close} />
        </InRow>
      ) : null}
    </>
  );
}

/** The row actions of /components: its suppliers and its interchangeable components. */
export const componentLinkActions: ComponentType<{ row: ResourceRow; canChange: boolean }> = ComponentLinkActions;
