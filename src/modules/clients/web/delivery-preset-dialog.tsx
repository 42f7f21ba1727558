// The create/edit form of a client's delivery preset (reference-data.md §13a), validated by the contract's own
// schema (the place must be complete for its delivery type) before it is sent, and by the server again.
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { InfoIcon, Loader2Icon } from 'lucide-react';
import {
  deliveryLabels,
  deliveryTypes,
  payerTypes,
  paymentMethods,
  presetCreateSchema,
  presetIssues,
  serviceTypes,
  type DeliveryPreset,
} from '@/modules/clients/clients.contract.ts';
import type { z } from '@/shared/zod-uk.ts';
import { ReferencePicker } from '@/resources/_engine/web/reference-picker.tsx';
import { FieldMessage } from '@/web/components/field-message.tsx';
import { Button } from '@/web/components/ui/button.tsx';
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
import { Switch } from '@/web/components/ui/switch.tsx';
import { Textarea } from '@/web/components/ui/textarea.tsx';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { clientsApi, presetsQueryKey, type PresetCreateBody } from './clients.api.ts';
import { failureToast } from './client-page-parts.tsx';
import { clientsWebMessages } from './clients.messages.ts';

const messages = clientsWebMessages.delivery;
const f = messages.form;

type PresetFormInput = z.input<typeof presetCreateSchema>;
type PresetFormValues = z.output<typeof presetCreateSchema>;
type FormField = FieldPath<PresetFormInput>;

const schemaResolver = zodResolver(presetCreateSchema);
/**
 * The contract's schema checks the place (city, branch or address) only once every field is valid; here those
 * messages are shown together with the others, so one submit tells everything that is missing.
 */
const presetResolver: Resolver<PresetFormInput, unknown, PresetFormValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]),
  );
  const errors: FieldErrors<PresetFormInput> = { ...result.errors };
  for (const [name, message] of Object.entries(presetIssues(trimmed))) {
    const field = name as keyof PresetFormInput;
    errors[field] ??= { type: 'custom', message };
  }
  return { values: {}, errors };
};

const FORM_FIELDS: readonly FormField[] = [
  'label',
  'carrierId',
  'recipientName',
  'recipientPhone',
  'cityRef',
  'cityName',
  'deliveryType',
  'warehouseRef',
  'warehouseNumber',
  'warehouseAddress',
  'street',
  'building',
  'flat',
  'serviceType',
  'payerType',
  'paymentMethod',
  'codEnabled',
  'isPrimary',
  'isActive',
  'notes',
];

function formDefaults(preset: DeliveryPreset | undefined, isFirst: boolean): PresetFormInput {
  return {
    label: preset?.label ?? '',
    carrierId: preset?.carrierId as number,
    recipientName: preset?.recipientName ?? '',
    recipientPhone: preset?.recipientPhone ?? '',
    // Nova Poshta references are not typed here (the shipments module picks them); kept as they are.
    cityRef: preset?.cityRef ?? '',
    cityName: preset?.cityName ?? '',
    deliveryType: preset?.deliveryType ?? 'branch',
    warehouseRef: preset?.warehouseRef ?? '',
    warehouseNumber: preset?.warehouseNumber ?? '',
    warehouseAddress: preset?.warehouseAddress ?? '',
    street: preset?.street ?? '',
    building: preset?.building ?? '',
    flat: preset?.flat ?? '',
    serviceType: preset?.serviceType ?? 'WarehouseWarehouse',
    payerType: preset?.payerType ?? 'Recipient',
    paymentMethod: preset?.paymentMethod ?? 'Cash',
    codEnabled: preset?.codEnabled ?? false,
    isPrimary: preset?.isPrimary ?? isFirst,
    isActive: preset?.isActive ?? true,
    notes: preset?.notes ?? '',
  };
}

/**
 * What is sent: the place fields of the other delivery type are cleared, and a typed change of the city or the
 * branch drops the Nova Poshta reference picked for the old one.
 */
export function presetBody(values: PresetFormValues, preset?: DeliveryPreset): PresetCreateBody {
  const body: PresetCreateBody = {
    ...values,
    cityRef: values.cityRef ?? null,
    warehouseRef: values.warehouseRef ?? null,
  };
  if (body.deliveryType === 'address') {
    body.warehouseNumber = null;
    body.warehouseAddress = null;
    body.warehouseRef = null;
  } else {
    body.street = null;
    body.building = null;
    body.flat = null;
  }
  if (preset && (body.cityName ?? null) !== preset.cityName) body.cityRef = null;
  if (
    preset &&
    (body.cityRef === null ||
      body.deliveryType !== preset.deliveryType ||
      (body.warehouseNumber ?? null) !== preset.warehouseNumber)
  ) {
    body.warehouseRef = null;
  }
  return body;
}

export function DeliveryPresetDialog({
  clientId,
  preset,
  isFirst,
  onClose,
}: {
  clientId: number;
  /** Absent when creating. */
  preset?: DeliveryPreset;
  /** The client has no preset yet: the new one will be primary anyway. */
  isFirst: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const isEdit = preset !== undefined;
  const [carrierLabel, setCarrierLabel] = useState<string | null>(preset?.carrierName ?? null);
  const form = useForm<PresetFormInput, unknown, PresetFormValues>({
    resolver: presetResolver,
    defaultValues: formDefaults(preset, isFirst),
  });
  const { errors } = form.formState;
  const deliveryType = useWatch({ control: form.control, name: 'deliveryType' });
  const isPostomat = deliveryType === 'postomat';

  const save = useMutation({
    mutationFn: (values: PresetFormValues) =>
      preset
        ? clientsApi.updatePreset(clientId, preset.id, presetBody(values, preset))
        : clientsApi.createPreset(clientId, presetBody(values)),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: presetsQueryKey(clientId) });
      toast({ title: isEdit ? messages.saved : messages.created, description: saved.label });
      onClose();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, FORM_FIELDS)) failureToast(error, messages.saveFailed);
    },
  });

  const idOf = (name: string) => `${formId}-${name}`;
  const errorOf = (name: FormField) => errors[name as keyof typeof errors]?.message as string | undefined;
  const aria = (name: FormField, required = false) =>
    ({
      id: idOf(name),
      'aria-invalid': errorOf(name) ? true : undefined,
      'aria-describedby': `${idOf(name)}-message`,
      'aria-required': required ? true : undefined,
    }) as const;

  const fieldBox = (
    name: FormField,
    label: string,
    input: ReactNode,
    { required = false, wide = false, hint }: { required?: boolean; wide?: boolean; hint?: string } = {},
  ) => (
    <div className={cn('grid min-w-0 content-start gap-2', wide && 'sm:col-span-2')}>
      <Label htmlFor={idOf(name)}>
        {label}
        {required ? (
          <span className="text-destructive dark:text-red-400" title={f.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {input}
      <FieldMessage id={`${idOf(name)}-message`} error={errorOf(name)} hint={hint} />
    </div>
  );

  const text = (
    name:
      'label' | 'recipientName' | 'cityName' | 'warehouseNumber' | 'warehouseAddress' | 'street' | 'building' | 'flat',
    label: string,
    options: { required?: boolean; wide?: boolean; maxLength?: number; placeholder?: string; hint?: string } = {},
  ) =>
    fieldBox(
      name,
      label,
      <Input
        type="text"
        autoComplete="off"
        maxLength={options.maxLength}
        placeholder={options.placeholder}
        {...aria(name, options.required)}
        {...form.register(name)}
      />,
      options,
    );

  const choice = <V extends string>(
    name: 'deliveryType' | 'serviceType' | 'payerType' | 'paymentMethod',
    label: string,
    values: readonly V[],
    labels: Readonly<Record<V, string>>,
    onPick?: (value: V) => void,
  ) =>
    fieldBox(
      name,
      label,
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            value={typeof field.value === 'string' ? field.value : undefined}
            onValueChange={(next) => {
              field.onChange(next);
              onPick?.(next as V);
            }}
          >
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...aria(name)}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {values.map((value) => (
                <SelectItem key={value} value={value}>
                  {labels[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />,
    );

  const toggle = (name: 'codEnabled' | 'isPrimary' | 'isActive', label: string, hint: string) => (
    <div className="flex items-start gap-3 sm:col-span-2">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch
            ref={field.ref}
            id={idOf(name)}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${idOf(name)}-message`}
          />
        )}
      />
      <div className="grid gap-1">
        <Label htmlFor={idOf(name)}>{label}</Label>
        <FieldMessage id={`${idOf(name)}-message`} error={errorOf(name)} hint={hint} />
      </div>
    </div>
  );

  /** Address delivery goes to the door; a branch or a postomat is picked up at a warehouse. */
  function followDeliveryType(type: (typeof deliveryTypes)[number]) {
    const service = form.getValues('serviceType');
    if (type === 'address' && service === 'WarehouseWarehouse') form.setValue('serviceType', 'WarehouseDoors');
    if (type !== 'address' && service === 'WarehouseDoors') form.setValue('serviceType', 'WarehouseWarehouse');
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{preset ? f.editTitle(preset.label) : f.createTitle}</DialogTitle>
          <DialogDescription>{f.description}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          {text('label', f.label, { required: true, maxLength: 120, placeholder: f.labelExample })}
          {fieldBox(
            'carrierId',
            f.carrier,
            <Controller
              control={form.control}
              name="carrierId"
              render={({ field }) => (
                <ReferencePicker
                  ref={field.ref}
                  route="/carriers"
                  value={typeof field.value === 'number' ? field.value : null}
                  valueLabel={carrierLabel}
                  onChange={(value, label) => {
                    setCarrierLabel(label);
                    field.onChange(value ?? undefined);
                  }}
                  onBlur={field.onBlur}
                  {...aria('carrierId', true)}
                />
              )}
            />,
            { required: true },
          )}
          {text('recipientName', f.recipientName, {
            required: true,
            maxLength: 160,
            placeholder: f.recipientNameExample,
          })}
          {fieldBox(
            'recipientPhone',
            f.recipientPhone,
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="+380XXXXXXXXX"
              {...aria('recipientPhone', true)}
              {...form.register('recipientPhone')}
            />,
            { required: true },
          )}

          <p className="flex items-start gap-2 rounded-md border border-dashed px-3 py-2 text-xs text-muted-foreground sm:col-span-2">
            <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            {messages.searchHint}
          </p>
          {text('cityName', f.cityName, { required: true, maxLength: 160 })}
          {choice('deliveryType', f.deliveryType, deliveryTypes, deliveryLabels.deliveryType, followDeliveryType)}
          {deliveryType === 'address' ? (
            <>
              {text('street', f.street, { required: true, maxLength: 200, wide: true })}
              {text('building', f.building, { required: true, maxLength: 20 })}
              {text('flat', f.flat, { maxLength: 20 })}
            </>
          ) : (
            <>
              {text('warehouseNumber', isPostomat ? f.postomatNumber : f.warehouseNumber, {
                required: true,
                maxLength: 20,
              })}
              {text('warehouseAddress', isPostomat ? f.postomatAddress : f.warehouseAddress, { maxLength: 300 })}
            </>
          )}

          {choice('serviceType', f.serviceType, serviceTypes, deliveryLabels.serviceType)}
          {choice('payerType', f.payerType, payerTypes, deliveryLabels.payerType)}
          {choice('paymentMethod', f.paymentMethod, paymentMethods, deliveryLabels.paymentMethod)}
          <div className="hidden sm:block" aria-hidden="true" />
          {toggle('codEnabled', f.codEnabled, f.codHint)}
          {toggle('isPrimary', f.isPrimary, f.isPrimaryHint)}
          {toggle('isActive', f.isActive, f.isActiveHint)}
          {fieldBox(
            'notes',
            f.notes,
            <Textarea rows={3} maxLength={2000} {...aria('notes')} {...form.register('notes')} />,
            { wide: true },
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            {clientsWebMessages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {save.isPending ? f.saving : isEdit ? f.save : f.create}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
