// What a module may add to a declared resource's page without writing the page: actions on each row (links to
// sub-pages, dialogs of its own) and a button beside a form field (the product-code helper).
import type { ComponentType } from 'react';
import type { ResourceRow } from './resource-api.ts';

export interface FieldAddonProps {
  /** Absent when creating. */
  row?: ResourceRow;
  getValue: (name: string) => unknown;
  setValue: (name: string, value: string) => void;
}

export interface ResourcePageExtensions {
  /**
   * Rendered in each row, in a column of its own beside the record's name ('Додатково'; a line of the card on a
   * phone) — the table's own actions column takes plain items only. Use `RowAction`, which keeps the row click.
   * `canChange` is the user's right to change records of the page's route: without it, offer only what reads.
   */
  rowActions?: ComponentType<{ row: ResourceRow; canChange: boolean }>;
  /** Rendered in the page's header, before 'Імпорт' (another import format, say). */
  toolbar?: ComponentType;
  /** By field name: rendered beside that field's input in the create/edit form. */
  fieldAddons?: Readonly<Record<string, ComponentType<FieldAddonProps>>>;
}
