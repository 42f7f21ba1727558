// What /products and /components add to the engine's page: the product-code helper beside 'Артикул' (spec §3) and
// 'Згенерувати' beside 'Штрих-код' (an internal EAN-13 made by the server), 'Етикетки' (warehouse.md §10) on each
// row and in the toolbar, and a product's photo (§16) on its row and beside its name.
import { useState, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BarcodeIcon, Loader2Icon, TagIcon, WandSparklesIcon } from 'lucide-react';
import { LabelsDialog } from '@/modules/labels/web/index.ts';
import { lookupBase, type ResourceRow } from '@/resources/_engine/web/resource-api.ts';
import { RowAction } from '@/web/components/data-list.tsx';
import { productCode, randomCodeNumber } from '@/shared/product-code.ts';
import type { FieldAddonProps, ResourcePageExtensions } from '@/resources/_engine/web/resource-extensions.ts';
import { Button } from '@/web/components/ui/button.tsx';
import { apiRequest, callEndpoint, endpointKey, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { itemsEndpoints } from '../items.endpoints.ts';
import { CommerceMlButton } from './commerceml-dialog.tsx';
import { componentLinkActions } from './component-links.tsx';
import { ProductPhotoAddon, ProductPhotoRowAction } from './product-photo.tsx';

export const itemWebMessages = {
  suggestSku: 'Згенерувати артикул',
  nameFirst: 'Спочатку вкажіть назву — артикул складається з її літер',
  noFreeSku: 'Не вдалося підібрати вільний артикул — спробуйте ще раз або введіть його вручну',
  generateBarcode: 'Згенерувати штрих-код',
  barcodeDone: 'Штрих-код згенеровано',
  failed: 'Не вдалося виконати дію',
  labels: 'Етикетки',
  labelsOf: (name: string) => `Етикетки «${name}»`,
} as const;

const MAX_TRIES = 20;

function SkuHelper({ getValue, setValue, categoryRoute }: FieldAddonProps & { categoryRoute: string }) {
  const [busy, setBusy] = useState(false);

  async function suggest() {
    const name = String(getValue('name') ?? '').trim();
    if (!name) {
      toast({ variant: 'destructive', title: itemWebMessages.nameFirst });
      return;
    }
    setBusy(true);
    try {
      const categoryId = getValue('categoryId');
      let categoryName: string | null = null;
      if (typeof categoryId === 'number') {
        // The category's name from the declared resources engine's lookup (decision 0006).
        const found = await apiRequest<Array<{ label: string }>>(
          'GET',
          `${lookupBase(categoryRoute)}?ids=${categoryId}`,
        );
        categoryName = found[0]?.label ?? null;
      }
      // Re-roll the random part until the server says the code is free; its unique index has the final word.
      for (let i = 0; i < MAX_TRIES; i++) {
        const sku = productCode(name, categoryName, randomCodeNumber());
        const { available } = await callEndpoint(itemsEndpoints.checkSku, { query: { sku } });
        if (available) {
          setValue('sku', sku);
          return;
        }
      }
      toast({ variant: 'destructive', title: itemWebMessages.noFreeSku });
    } catch (error) {
      toast({ variant: 'destructive', title: itemWebMessages.failed, description: serverMessageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      className="shrink-0"
      aria-label={itemWebMessages.suggestSku}
      title={itemWebMessages.suggestSku}
      disabled={busy}
      onClick={() => void suggest()}
    >
      {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <WandSparklesIcon aria-hidden="true" />}
    </Button>
  );
}

type BarcodeEndpoint = typeof itemsEndpoints.productBarcode | typeof itemsEndpoints.componentBarcode;

function BarcodeGenerator({ row, getValue, setValue, endpoint }: FieldAddonProps & { endpoint: BarcodeEndpoint }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Made from the item's id, so only a saved item without a barcode can get one.
  if (!row || row.barcode || getValue('barcode')) return null;

  async function generate() {
    setBusy(true);
    try {
      // The answer is the declared resource's row (no schema of its own): the new barcode is in it.
      const saved = (await callEndpoint(endpoint, { params: { id: row!.id } })) as { barcode: string };
      setValue('barcode', saved.barcode);
      // The key's first part is the path up to the id — the resource's base, which starts every key of its list.
      const [base] = endpointKey(endpoint, { params: { id: row!.id } });
      await queryClient.invalidateQueries({ queryKey: [base] });
      toast({ title: itemWebMessages.barcodeDone, description: saved.barcode });
    } catch (error) {
      toast({ variant: 'destructive', title: itemWebMessages.failed, description: serverMessageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="outline" className="shrink-0" disabled={busy} onClick={() => void generate()}>
      {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <BarcodeIcon aria-hidden="true" />}
      <span className="sr-only sm:not-sr-only">{itemWebMessages.generateBarcode}</span>
    </Button>
  );
}

/** 'Етикетки' of one row: the labels dialog with this item (reading only, so offered to whoever sees the list). */
function LabelsRowAction({ row }: { row: ResourceRow; canChange: boolean }) {
  const [open, setOpen] = useState(false);
  const name = String(row.name ?? '');
  return (
    <>
      <RowAction label={itemWebMessages.labelsOf(name)} onClick={() => setOpen(true)}>
        <TagIcon aria-hidden="true" />
      </RowAction>
      {open ? (
        // The dialog is portalled, but React bubbles its clicks through the row, whose click opens the edit form.
        <span className="contents" onClick={(event: MouseEvent) => event.stopPropagation()}>
          <LabelsDialog open onOpenChange={setOpen} items={[{ itemId: row.id, name, sku: String(row.sku ?? '') }]} />
        </span>
      ) : null}
    </>
  );
}

/** 'Етикетки' in the toolbar: the dialog with no items yet, to pick several. */
function LabelsToolbarButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <TagIcon aria-hidden="true" />
        {itemWebMessages.labels}
      </Button>
      {open ? <LabelsDialog open onOpenChange={setOpen} items={[]} /> : null}
    </>
  );
}

function ProductToolbar() {
  return (
    <>
      <LabelsToolbarButton />
      <CommerceMlButton />
    </>
  );
}

function ComponentRowActions(props: { row: ResourceRow; canChange: boolean }) {
  const LinkActions = componentLinkActions;
  return (
    <>
      <LabelsRowAction {...props} />
      <LinkActions {...props} />
    </>
  );
}

/** A product's row: its photo's thumbnail (reference-data.md §16), then 'Етикетки'. */
function ProductRowActions(props: { row: ResourceRow; canChange: boolean }) {
  return (
    <>
      <ProductPhotoRowAction {...props} />
      <LabelsRowAction {...props} />
    </>
  );
}

export const productExtensions: ResourcePageExtensions = {
  toolbar: ProductToolbar,
  rowActions: ProductRowActions,
  fieldAddons: {
    name: ProductPhotoAddon,
    sku: (props) => <SkuHelper {...props} categoryRoute="/product-categories" />,
    barcode: (props) => <BarcodeGenerator {...props} endpoint={itemsEndpoints.productBarcode} />,
  },
};

export const componentExtensions: ResourcePageExtensions = {
  toolbar: LabelsToolbarButton,
  rowActions: ComponentRowActions,
  fieldAddons: {
    barcode: (props) => <BarcodeGenerator {...props} endpoint={itemsEndpoints.componentBarcode} />,
  },
};
