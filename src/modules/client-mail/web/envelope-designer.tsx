// 'Шаблон конверта' (sales.md §5): the envelope of each format for a company, to scale — an SVG whose user units are
// millimetres, so every block sits exactly where the PDF will print it — with numeric inputs for each block's
// position, width, font size and visibility, the advertising text and the company's usual format.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, RotateCcwIcon, SaveIcon } from 'lucide-react';
import {
  defaultEnvelopeBlocks,
  envelopeBlockLabels,
  envelopeBlockNames,
  envelopeFormatLabels,
  envelopeFormats,
  envelopeTemplatePutSchema,
  type EnvelopeBlockName,
  type EnvelopeFormat,
  type EnvelopeTemplate,
} from '@/modules/client-mail/client-mail.contract.ts';
import { companiesEndpoints } from '@/modules/companies/companies.endpoints.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { InlineQueryStatus } from '@/web/components/data-list.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import { Checkbox } from '@/web/components/ui/checkbox.tsx';
import { Input } from '@/web/components/ui/input.tsx';
import { Label } from '@/web/components/ui/label.tsx';
import { Tabs, TabsList, TabsTrigger } from '@/web/components/ui/tabs.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { ApiError, endpointUrl, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { allTemplatesQueryKey, mailApi, templatesQueryKey } from './client-mail.api.ts';
import { mailWebMessages } from './client-mail.messages.ts';
import { FormFailure } from './mail-parts.tsx';

const m = mailWebMessages.designer;
/** Points to millimetres (a font size in pt drawn in an SVG measured in mm). */
const PT = 25.4 / 72;

type NumberField = 'xMm' | 'yMm' | 'widthMm' | 'fontSize';
const numberFields: ReadonlyArray<readonly [NumberField, string]> = [
  ['xMm', m.x],
  ['yMm', m.y],
  ['widthMm', m.width],
  ['fontSize', m.fontSize],
];

/** A block as edited: the numbers as typed. */
type BlockDraft = Record<NumberField, string> & { visible: boolean };
interface Draft {
  blocks: Record<EnvelopeBlockName, BlockDraft>;
  advertisingText: string;
  isDefault: boolean;
}

const toDraft = (t: Pick<EnvelopeTemplate, 'blocks' | 'advertisingText' | 'isDefault'>): Draft => ({
  blocks: Object.fromEntries(
    envelopeBlockNames.map((name) => {
      const b = t.blocks[name];
      return [
        name,
        {
          xMm: String(b.xMm),
          yMm: String(b.yMm),
          widthMm: String(b.widthMm),
          fontSize: String(b.fontSize),
          visible: b.visible,
        },
      ];
    }),
  ) as Draft['blocks'],
  advertisingText: t.advertisingText ?? '',
  isDefault: t.isDefault,
});

const num = (text: string) => Number(text.replace(',', '.').trim());

function toBody(format: EnvelopeFormat, companyId: number, draft: Draft) {
  return {
    companyId,
    format,
    blocks: Object.fromEntries(
      envelopeBlockNames.map((name) => {
        const b = draft.blocks[name];
        return [
          name,
          { xMm: num(b.xMm), yMm: num(b.yMm), widthMm: num(b.widthMm), fontSize: num(b.fontSize), visible: b.visible },
        ];
      }),
    ) as EnvelopeTemplate['blocks'],
    advertisingText: draft.advertisingText,
    isDefault: draft.isDefault,
  };
}

export function EnvelopeDesigner({ canAccess }: { canAccess: boolean }) {
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [companyLabel, setCompanyLabel] = useState<string | null>(null);
  const [format, setFormat] = useState<EnvelopeFormat>('DL');
  const query = useQuery<EnvelopeTemplate[]>({ queryKey: templatesQueryKey(companyId) });
  const template = query.data?.find((t) => t.format === format);

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{m.title}</h2>
        <p className="text-sm text-muted-foreground">{m.description}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor="envelope-company">{m.company}</Label>
          <ReferencePicker
            id="envelope-company"
            route="/companies"
            value={companyId}
            valueLabel={companyLabel ?? template?.companyName ?? null}
            clearLabel={template && companyId === null ? template.companyName : mailWebMessages.form.companyDefault}
            onChange={(id, label) => {
              setCompanyId(id);
              setCompanyLabel(label);
            }}
          />
        </div>
        <Tabs value={format} onValueChange={(v) => setFormat(v as EnvelopeFormat)}>
          <TabsList aria-label={m.format}>
            {envelopeFormats.map((f) => (
              <TabsTrigger key={f} value={f} title={envelopeFormatLabels[f]}>
                {f}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>
      <InlineQueryStatus
        query={query}
        loadingText={m.loading}
        errorText={m.loadError}
        retryText={mailWebMessages.retry}
      />
      {template ? (
        <TemplateEditor
          key={`${template.companyId}:${format}:${template.stored}:${JSON.stringify(template.blocks)}`}
          template={template}
          canAccess={canAccess}
        />
      ) : null}
    </div>
  );
}

function TemplateEditor({ template, canAccess }: { template: EnvelopeTemplate; canAccess: boolean }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const format = template.format;

  function setBlock(name: EnvelopeBlockName, change: Partial<BlockDraft>) {
    setDraft((d) => ({ ...d, blocks: { ...d.blocks, [name]: { ...d.blocks[name], ...change } } }));
    setErrors({});
  }

  const save = useMutation({
    mutationFn: () => mailApi.saveTemplate(toBody(format, template.companyId, draft)),
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      toast({ title: m.saved, description: `${template.companyName} · ${envelopeFormatLabels[format]}` });
      await queryClient.invalidateQueries({ queryKey: allTemplatesQueryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(serverMessageOf(error) ?? m.saveFailed);
    },
  });

  function submit() {
    const found: Record<string, string> = {};
    for (const name of envelopeBlockNames) {
      for (const [field] of numberFields) {
        if (!Number.isFinite(num(draft.blocks[name][field])) || draft.blocks[name][field].trim() === '') {
          found[`blocks.${name}.${field}`] = m.number;
        }
      }
    }
    if (!Object.keys(found).length) {
      const checked = envelopeTemplatePutSchema.safeParse(toBody(format, template.companyId, draft));
      if (!checked.success) {
        for (const issue of checked.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
      }
    }
    setErrors(found);
    if (!Object.keys(found).length) save.mutate();
  }

  return (
    <form
      id={formId}
      noValidate
      className="grid min-w-0 gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {!template.stored ? <p className="text-sm text-muted-foreground">{m.builtIn}</p> : null}
      <EnvelopePreview template={template} draft={draft} />
      <fieldset disabled={!canAccess || save.isPending} className="grid min-w-0 gap-3 md:grid-cols-2">
        {envelopeBlockNames.map((name) => {
          const block = draft.blocks[name];
          const visibleId = `${formId}-${name}-visible`;
          return (
            <section
              key={name}
              aria-label={envelopeBlockLabels[name]}
              className="grid min-w-0 gap-3 rounded-lg border p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-medium">
                  {name === 'logo' && !template.hasLogo ? m.logoMissing : envelopeBlockLabels[name]}
                </h3>
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={visibleId}
                    checked={block.visible}
                    onCheckedChange={(checked) => setBlock(name, { visible: checked === true })}
                  />
                  <Label htmlFor={visibleId} className="font-normal">
                    {m.visible}
                  </Label>
                </div>
              </div>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {numberFields.map(([field, label]) => {
                  const id = `${formId}-${name}-${field}`;
                  const error = errors[`blocks.${name}.${field}`];
                  return (
                    <div key={field} className="grid min-w-0 content-start gap-1">
                      <Label htmlFor={id} className="text-xs">
                        {label}
                      </Label>
                      <Input
                        id={id}
                        type="number"
                        inputMode="decimal"
                        step={field === 'fontSize' ? 0.5 : 1}
                        min={field === 'fontSize' ? 6 : 0}
                        value={block[field]}
                        aria-label={`${envelopeBlockLabels[name]}: ${label}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={`${id}-message`}
                        onChange={(e) => setBlock(name, { [field]: e.target.value })}
                      />
                      <FieldMessage id={`${id}-message`} error={error} />
                    </div>
                  );
                })}
              </div>
            </section>
          );
        })}
        <div className="grid gap-2 md:col-span-2">
          <Label htmlFor={`${formId}-ad`}>{m.advertisingText}</Label>
          <Textarea
            id={`${formId}-ad`}
            rows={2}
            maxLength={500}
            value={draft.advertisingText}
            onChange={(e) => setDraft((d) => ({ ...d, advertisingText: e.target.value }))}
          />
        </div>
        <div className="flex items-start gap-2 md:col-span-2">
          <Checkbox
            id={`${formId}-default`}
            checked={draft.isDefault}
            onCheckedChange={(checked) => setDraft((d) => ({ ...d, isDefault: checked === true }))}
          />
          <Label htmlFor={`${formId}-default`} className="font-normal">
            {m.isDefault}
          </Label>
        </div>
      </fieldset>
      {failure ? <FormFailure>{failure}</FormFailure> : null}
      {canAccess ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => {
              setDraft((d) =>
                toDraft({
                  blocks: defaultEnvelopeBlocks(format),
                  advertisingText: d.advertisingText,
                  isDefault: d.isDefault,
                }),
              );
              setErrors({});
            }}
          >
            <RotateCcwIcon aria-hidden="true" />
            {m.reset}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {save.isPending ? mailWebMessages.saving : mailWebMessages.save}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** The envelope to scale: the SVG's units are millimetres; text sizes are the font sizes in points. */
function EnvelopePreview({ template, draft }: { template: EnvelopeTemplate; draft: Draft }) {
  const { widthMm: w, heightMm: h } = template;
  const block = (name: EnvelopeBlockName) => {
    const b = draft.blocks[name];
    const value = {
      x: num(b.xMm),
      y: num(b.yMm),
      width: num(b.widthMm),
      size: num(b.fontSize),
      visible: b.visible,
    };
    const ok = [value.x, value.y, value.width, value.size].every(Number.isFinite);
    return ok ? value : null;
  };
  const lines = (name: EnvelopeBlockName, caption: string, text: string, clip: string) => {
    const b = block(name);
    if (!b || !b.visible) return null;
    const size = b.size * PT;
    const rows = text.split('\n').filter(Boolean);
    return (
      <g data-block={name}>
        <rect
          x={b.x}
          y={b.y}
          width={b.width}
          height={Math.max(size * 1.3 * (rows.length + 1), 4)}
          fill="none"
          stroke="currentColor"
          strokeOpacity={0.35}
          strokeDasharray="1.5 1"
          strokeWidth={0.3}
        />
        <clipPath id={clip}>
          <rect x={b.x} y={b.y} width={b.width} height={h - b.y} />
        </clipPath>
        <text clipPath={`url(#${clip})`} x={b.x} y={b.y} fontSize={size} fill="currentColor">
          <tspan x={b.x} dy={size * 0.9} fontSize={size * 0.75} fillOpacity={0.6}>
            {caption}
          </tspan>
          {rows.map((row, i) => (
            <tspan key={i} x={b.x} dy={size * 1.25} fontWeight={i === 0 ? 700 : 400}>
              {row}
            </tspan>
          ))}
        </text>
      </g>
    );
  };
  const logo = block('logo');
  const ad = block('advertising');
  return (
    <figure className="grid min-w-0 gap-2">
      <svg
        role="img"
        aria-label={m.preview(envelopeFormatLabels[template.format])}
        viewBox={`0 0 ${w} ${h}`}
        className="h-auto w-full max-w-3xl rounded-sm border bg-white text-black shadow-sm"
        style={{ aspectRatio: `${w} / ${h}` }}
        fontFamily="DejaVu Sans, Arial, sans-serif"
      >
        {logo && logo.visible ? (
          template.hasLogo ? (
            <image
              href={endpointUrl(companiesEndpoints.logo, { params: { id: template.companyId } })}
              x={logo.x}
              y={logo.y}
              width={logo.width}
              height={Math.min(logo.width * 0.6, h / 3)}
              preserveAspectRatio="xMinYMin meet"
            />
          ) : (
            <g data-block="logo">
              <rect
                x={logo.x}
                y={logo.y}
                width={logo.width}
                height={Math.min(logo.width * 0.6, h / 3)}
                fill="#e5e7eb"
              />
              <text x={logo.x + 1.5} y={logo.y + 5} fontSize={3} fill="#6b7280">
                {envelopeBlockLabels.logo}
              </text>
            </g>
          )
        ) : null}
        {lines('sender', 'Від кого:', template.senderPreview, 'clip-sender')}
        {lines('recipient', 'Кому:', m.sampleRecipient, 'clip-recipient')}
        {ad && ad.visible && draft.advertisingText
          ? lines('advertising', '', draft.advertisingText, 'clip-advertising')
          : null}
      </svg>
      <figcaption className="text-xs text-muted-foreground">
        {envelopeFormatLabels[template.format]} · {template.companyName}
      </figcaption>
    </figure>
  );
}
