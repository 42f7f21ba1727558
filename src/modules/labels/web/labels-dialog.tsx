// 'Друк етикеток' (warehouse.md §10): the items with their copies, a template, 'Показувати ціну', a preview of one
// label (its barcode drawn from the shared encoder) and 'Друкувати', which opens the server's PDF in a new tab.
// Opened from /products and /components (row action and toolbar), the scanner's item card and the dashboard; with a
// `document` (an MO's output from its drawer) it prints that document's labels: only the template and the price.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loader2Icon, PrinterIcon, Trash2Icon } from 'lucide-react';
import {
  labelMessages,
  labelSizes,
  labelTemplateLabels,
  labelTemplates,
  MAX_COPIES,
  type LabelDocumentType,
  type LabelItemData,
  type LabelRenderInput,
  type LabelTemplate,
} from '@/modules/labels/labels.contract.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { formatDecimalUk } from '@/shared/decimal-format.ts';
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
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select.tsx';
import { serverMessageOf } from '@/web/lib/api.ts';
import { BarcodeSvg } from './barcode-svg.tsx';
import { fetchLabelItems, labelItemsQueryKey, renderLabelsPdf } from './labels.api.ts';

export interface LabelItem {
  itemId: number;
  name: string;
  sku: string;
}
export interface LabelsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The items to print, pre-filled with 1 copy each; empty lets the user pick items in the dialog. */
  items: readonly LabelItem[];
  /** A document whose units get one label each (the server decides which); replaces the items. */
  document?: { type: LabelDocumentType; id: number; title: string };
}

export const labelsWebMessages = {
  title: 'Друк етикеток',
  description: 'Оберіть товари, кількість копій і шаблон етикетки',
  template: 'Шаблон',
  showPrice: 'Показувати ціну',
  items: 'Товари',
  copies: 'Копій',
  remove: (name: string) => `Прибрати «${name}»`,
  add: 'Додати',
  addProduct: 'Додати товар',
  addComponent: 'Додати компонент',
  source: { products: 'Товари', components: 'Компоненти' },
  noItems: 'Додайте товари, для яких потрібні етикетки',
  preview: 'Попередній перегляд',
  previewLoading: 'Завантаження…',
  previewFailed: 'Не вдалося завантажити дані етикетки',
  noBarcode: 'Артикул містить символи, яких немає в Code 128 — штрих-код не друкується',
  noPrice: 'Ціну не вказано',
  total: (n: number) => `Усього етикеток: ${n}`,
  print: 'Друкувати',
  printing: 'Готуємо PDF…',
  cancel: 'Скасувати',
  failed: 'Не вдалося підготувати етикетки',
  documentDescription: (title: string) =>
    `${title}: по одній етикетці на кожну випущену одиницю (на кожен серійний номер). Оберіть шаблон.`,
  copiesError: labelMessages.copies,
} as const;
const m = labelsWebMessages;

interface Row extends LabelItem {
  copies: string;
}

const validCopies = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= MAX_COPIES;

export function LabelsDialog({ open, onOpenChange, items, document }: LabelsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={document ? 'max-w-md' : 'max-w-3xl'}>
        {/* Mounted only while open, so each opening starts from the items given. */}
        {!open ? null : document ? (
          <DocumentLabelsForm document={document} onClose={() => onOpenChange(false)} />
        ) : (
          <LabelsForm items={items} onClose={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Renders the PDF and opens it in a new tab (opened at the click, so no popup blocker stops it); then closes. */
function usePrintLabels(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function print(body: LabelRenderInput) {
    setBusy(true);
    setError(null);
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await renderLabelsPdf(body));
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      onClose();
    } catch (failure) {
      tab?.close();
      setError(serverMessageOf(failure) ?? m.failed);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, print };
}

function TemplateFields({
  formId,
  template,
  onTemplate,
  showPrice,
  onShowPrice,
}: {
  formId: string;
  template: LabelTemplate;
  onTemplate: (template: LabelTemplate) => void;
  showPrice: boolean;
  onShowPrice: (show: boolean) => void;
}) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${formId}-template`}>{m.template}</Label>
        <Select value={template} onValueChange={(value) => onTemplate(value as LabelTemplate)}>
          <SelectTrigger id={`${formId}-template`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {labelTemplates.map((t) => (
              <SelectItem key={t} value={t}>
                {labelTemplateLabels[t]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${formId}-price`}
          checked={showPrice}
          onCheckedChange={(checked) => onShowPrice(checked === true)}
        />
        <Label htmlFor={`${formId}-price`}>{m.showPrice}</Label>
      </div>
    </>
  );
}

function PrintFooter({
  busy,
  disabled,
  error,
  onClose,
  onPrint,
}: {
  busy: boolean;
  disabled: boolean;
  error: string | null;
  onClose: () => void;
  onPrint: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {m.cancel}
        </Button>
        <Button type="button" disabled={busy || disabled} onClick={onPrint}>
          {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <PrinterIcon aria-hidden="true" />}
          {busy ? m.printing : m.print}
        </Button>
      </DialogFooter>
    </>
  );
}

/** A document's labels: the server counts them (one per unit or serial); the user picks the template and the price. */
function DocumentLabelsForm({
  document,
  onClose,
}: {
  document: NonNullable<LabelsDialogProps['document']>;
  onClose: () => void;
}) {
  const formId = useId();
  const [template, setTemplate] = useState<LabelTemplate>('58x40');
  const [showPrice, setShowPrice] = useState(false);
  const { busy, error, print } = usePrintLabels(onClose);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{m.title}</DialogTitle>
        <DialogDescription>{m.documentDescription(document.title)}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3">
        <TemplateFields
          formId={formId}
          template={template}
          onTemplate={setTemplate}
          showPrice={showPrice}
          onShowPrice={setShowPrice}
        />
      </div>
      <PrintFooter
        busy={busy}
        disabled={false}
        error={error}
        onClose={onClose}
        onPrint={() => void print({ template, showPrice, documentType: document.type, documentId: document.id })}
      />
    </>
  );
}

function LabelsForm({ items, onClose }: { items: readonly LabelItem[]; onClose: () => void }) {
  const formId = useId();
  const [rows, setRows] = useState<Row[]>(() => items.map((item) => ({ ...item, copies: '1' })));
  const [template, setTemplate] = useState<LabelTemplate>('58x40');
  const [showPrice, setShowPrice] = useState(false);
  const [source, setSource] = useState<'products' | 'components'>('products');
  const { busy, error, print: printLabels } = usePrintLabels(onClose);

  const ids = rows.map((r) => r.itemId);
  const dataQuery = useQuery({
    queryKey: labelItemsQueryKey(ids),
    queryFn: () => fetchLabelItems(ids),
    enabled: ids.length > 0,
  });
  const dataById = new Map((dataQuery.data?.items ?? []).map((d) => [d.itemId, d]));
  const total = rows.reduce((sum, r) => sum + (validCopies(r.copies) ? Number(r.copies) : 0), 0);
  const invalid = rows.some((r) => !validCopies(r.copies));

  function addItem(itemId: number | null, label: string | null) {
    if (itemId === null) return;
    setRows((current) =>
      current.some((r) => r.itemId === itemId)
        ? current
        : [...current, { itemId, name: label ?? `#${itemId}`, sku: '', copies: '1' }],
    );
  }

  function print() {
    if (rows.length === 0 || invalid) return;
    void printLabels({
      template,
      showPrice,
      items: rows.map((r) => ({ itemId: r.itemId, copies: Number(r.copies) })),
    });
  }

  const first = rows[0];
  const preview = first ? dataById.get(first.itemId) : undefined;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{m.title}</DialogTitle>
        <DialogDescription>{m.description}</DialogDescription>
      </DialogHeader>

      <div className="grid min-w-0 gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="grid min-w-0 content-start gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{m.items}</legend>
            {rows.length === 0 ? <p className="text-sm text-muted-foreground">{m.noItems}</p> : null}
            <ul className="grid gap-2">
              {rows.map((row, index) => {
                const data = dataById.get(row.itemId);
                const copiesId = `${formId}-copies-${index}`;
                const ok = validCopies(row.copies);
                return (
                  <li key={row.itemId} className="grid gap-1">
                    <div className="flex items-center gap-2">
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium">{data?.name ?? row.name}</p>
                        <p className="truncate text-xs text-muted-foreground">{data?.sku ?? row.sku}</p>
                      </div>
                      <Label htmlFor={copiesId} className="sr-only">
                        {`${m.copies}: ${data?.name ?? row.name}`}
                      </Label>
                      <Input
                        id={copiesId}
                        inputMode="numeric"
                        className="w-20 text-right"
                        value={row.copies}
                        aria-invalid={ok ? undefined : true}
                        aria-describedby={`${copiesId}-message`}
                        onChange={(event) =>
                          setRows((current) =>
                            current.map((r, i) => (i === index ? { ...r, copies: event.target.value } : r)),
                          )
                        }
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={m.remove(data?.name ?? row.name)}
                        onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </div>
                    {ok ? null : (
                      <p id={`${copiesId}-message`} role="alert" className="text-sm text-destructive dark:text-red-400">
                        {m.copiesError}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap items-center gap-2">
              <Select value={source} onValueChange={(value) => setSource(value as typeof source)}>
                <SelectTrigger className="w-36" aria-label={m.add}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="products">{m.source.products}</SelectItem>
                  <SelectItem value="components">{m.source.components}</SelectItem>
                </SelectContent>
              </Select>
              <ReferencePicker
                className="min-w-0 flex-1"
                route={source === 'products' ? '/products' : '/components'}
                value={null}
                valueLabel={null}
                placeholder={source === 'products' ? m.addProduct : m.addComponent}
                aria-label={source === 'products' ? m.addProduct : m.addComponent}
                onChange={addItem}
              />
            </div>
          </fieldset>

          <TemplateFields
            formId={formId}
            template={template}
            onTemplate={setTemplate}
            showPrice={showPrice}
            onShowPrice={setShowPrice}
          />
        </div>

        <section aria-label={m.preview} className="grid content-start gap-2">
          <h3 className="text-sm font-medium">{m.preview}</h3>
          {first === undefined ? null : dataQuery.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {m.previewLoading}
            </p>
          ) : preview ? (
            <LabelPreview
              template={template}
              data={preview}
              company={dataQuery.data?.companyName ?? null}
              showPrice={showPrice}
            />
          ) : (
            <p role="alert" className="text-sm text-destructive dark:text-red-400">
              {serverMessageOf(dataQuery.error) ?? m.previewFailed}
            </p>
          )}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {m.total(total)}
          </p>
        </section>
      </div>

      <PrintFooter
        busy={busy}
        disabled={rows.length === 0 || invalid}
        error={error}
        onClose={onClose}
        onPrint={print}
      />
    </>
  );
}

/** One label at its proportions: company, name (2 lines), SKU and price, the barcode as SVG with its text. */
export function LabelPreview({
  template,
  data,
  company,
  showPrice,
}: {
  template: LabelTemplate;
  data: LabelItemData;
  company: string | null;
  showPrice: boolean;
}) {
  const size = labelSizes[template];
  return (
    <figure
      data-testid="label-preview"
      className="flex w-full flex-col gap-0.5 overflow-hidden rounded-sm border bg-white p-2 text-black shadow-sm"
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
    >
      {company ? <p className="truncate text-[0.6rem] leading-tight">{company}</p> : null}
      <p className="line-clamp-2 text-xs leading-tight font-bold">{data.name}</p>
      <div className="flex items-baseline justify-between gap-2">
        <span className="truncate text-[0.65rem]">{data.sku}</span>
        {showPrice ? (
          <span className="shrink-0 text-sm font-bold whitespace-nowrap">
            {data.priceWithVat ? `${formatDecimalUk(data.priceWithVat)} грн` : m.noPrice}
          </span>
        ) : null}
      </div>
      {data.barcode ? (
        <div className="flex min-h-0 flex-1 flex-col items-center">
          <BarcodeSvg symbology={data.barcode.symbology} text={data.barcode.text} className="min-h-6 flex-1" />
          <span className="text-[0.6rem] leading-tight">{data.barcode.text}</span>
        </div>
      ) : (
        <p className="text-[0.6rem] text-muted-foreground">{m.noBarcode}</p>
      )}
    </figure>
  );
}
