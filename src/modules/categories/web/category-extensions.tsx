// What the categories module adds to the product categories list (reference-data.md §2–3): each row's departments —
// a dialog of checkboxes over the active departments, saved as a whole. They split an order's departments print.
import { useId, useState, type MouseEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BuildingIcon, Loader2Icon } from 'lucide-react';
import { categoriesEndpoints } from '@/modules/categories/categories.endpoints.ts';
import { categoriesWebMessages } from '@/modules/categories/categories.messages.ts';
import type { CategoryDepartment } from '@/modules/categories/categories.contract.ts';
import type { ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import type { ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
import { InlineQueryStatus, RowAction } from '@/web/components/data-list.tsx';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { callEndpoint, endpointKey, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';

const m = categoriesWebMessages;
const nameOf = (row: ResourceRow) => (typeof row.name === 'string' && row.name ? row.name : `#${row.id}`);

function CategoryRowActions({ row, canChange }: { row: ResourceRow; canChange: boolean }) {
  const [open, setOpen] = useState(false);
  const name = nameOf(row);
  return (
    <>
      <RowAction label={m.departments(name)} onClick={() => setOpen(true)}>
        <BuildingIcon aria-hidden="true" />
      </RowAction>
      {open ? (
        // The dialog is portalled, but React bubbles its clicks up through the row, whose click opens the form.
        <span className="contents" onClick={(event: MouseEvent) => event.stopPropagation()}>
          <CategoryDepartmentsDialog
            categoryId={row.id}
            name={name}
            canChange={canChange}
            onClose={() => setOpen(false)}
          />
        </span>
      ) : null}
    </>
  );
}

interface DepartmentOption {
  id: number;
  label: string;
}

export function CategoryDepartmentsDialog({
  categoryId,
  name,
  canChange,
  onClose,
}: {
  categoryId: number;
  name: string;
  canChange: boolean;
  onClose: () => void;
}) {
  const key = endpointKey(categoriesEndpoints.departments, { params: { id: categoryId } });
  const chosen = useQuery<CategoryDepartment[]>({ queryKey: key, gcTime: 0 });
  // Every active department (the lookup serves pickers to any signed-in user).
  const all = useQuery<DepartmentOption[]>({ queryKey: ['/api/lookups/departments', { limit: 100 }] });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-4 p-4 sm:max-w-md sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.dialog.title(name)}</DialogTitle>
          <DialogDescription>{m.dialog.description}</DialogDescription>
        </DialogHeader>
        {chosen.data && all.data ? (
          <DepartmentsForm
            categoryId={categoryId}
            options={all.data}
            chosen={chosen.data}
            canChange={canChange}
            onClose={onClose}
          />
        ) : (
          <InlineQueryStatus
            query={chosen.isError ? chosen : all}
            loadingText={m.dialog.loading}
            errorText={m.dialog.loadError}
            retryText={m.dialog.retry}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DepartmentsForm({
  categoryId,
  options,
  chosen,
  canChange,
  onClose,
}: {
  categoryId: number;
  options: DepartmentOption[];
  chosen: CategoryDepartment[];
  canChange: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState(() => new Set(chosen.map((d) => d.id)));
  // A department chosen earlier and deactivated since stays listed, so it can be taken off.
  const listed = [
    ...options,
    ...chosen
      .filter((d) => !options.some((o) => o.id === d.id))
      .map((d) => ({ id: d.id, label: d.name, inactive: true })),
  ];
  const save = useMutation({
    mutationFn: () =>
      callEndpoint(categoriesEndpoints.putDepartments, {
        params: { id: categoryId },
        body: { departmentIds: [...selected] },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpointKey(categoriesEndpoints.departments, { params: { id: categoryId } }), saved);
      toast({ title: m.dialog.saved });
      onClose();
    },
  });
  const toggle = (departmentId: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(departmentId);
    else next.delete(departmentId);
    setSelected(next);
  };
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {listed.length ? (
        <fieldset className="grid max-h-[50vh] gap-2 overflow-y-auto">
          {listed.map((d) => (
            <label key={d.id} htmlFor={`${id}-${d.id}`} className="flex items-center gap-2 text-sm">
              <Checkbox
                id={`${id}-${d.id}`}
                checked={selected.has(d.id)}
                disabled={!canChange || save.isPending}
                onCheckedChange={(v) => toggle(d.id, v === true)}
              />
              {d.label}
              {'inactive' in d ? <span className="text-xs text-muted-foreground">({m.dialog.inactive})</span> : null}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-muted-foreground">{m.dialog.none}</p>
      )}
      {save.error ? <FormFailure>{serverMessageOf(save.error) ?? m.dialog.failed}</FormFailure> : null}
      <DialogFooter>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
          {m.dialog.cancel}
        </Button>
        {canChange ? (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {m.dialog.save}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}

export const productCategoryExtensions: ResourcePageExtensions = { rowActions: CategoryRowActions };
