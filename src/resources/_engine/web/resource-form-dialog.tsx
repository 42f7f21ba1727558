// The create/edit form of a declared resource, one input per declared field: validated by the declaration's
// zod schema on the client (comfort) and by the same schema on the server (truth, DESIGN §1.5).
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Control, type FieldError, type UseFormRegister } from 'react-hook-form';
import { Loader2Icon } from 'lucide-react';
import { resourceMessages, type FieldDef, type ResourceDef } from '@/resources/_engine/define-resource.ts';
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
import { serverMessageOf } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { cn } from '@/web/lib/utils.ts';
import { ReferencePicker } from './reference-picker.tsx';
import { lookupBase, resourceApi, resourceBase, type ResourceRow } from './resource-api.ts';
import type { ResourcePageExtensions } from './resource-extensions.ts';
import { resourcePageMessages } from './resource.messages.ts';
import {
  displayOf,
  formDefaults,
  formFieldNames,
  IS_ACTIVE,
  referenceLabelOf,
  resourceResolver,
  type ResourceFormValues,
  type ResourcePayload,
} from './resource-values.ts';

const messages = resourcePageMessages.form;
/** Radix Select items cannot have an empty value; this one stands for "no value" of an optional enum. */
const NONE = '__none__';

/** A field with `shownWhen` appears only while its controlling field holds one of the values. */
function ShownWhen({
  field,
  control,
  children,
}: {
  field: FieldDef;
  control: Control<ResourceFormValues, unknown, ResourcePayload>;
  children: ReactNode;
}) {
  const controlling = useWatch({ control, name: field.shownWhen?.field ?? field.name });
  if (field.shownWhen && !field.shownWhen.values.includes(controlling as string | boolean)) return null;
  return children;
}

interface ResourceFormDialogProps {
  def: ResourceDef;
  /** Absent when creating. */
  row?: ResourceRow;
  addons?: ResourcePageExtensions['fieldAddons'];
  onClose: () => void;
}

export function ResourceFormDialog({ def, row, addons, onClose }: ResourceFormDialogProps) {
  const queryClient = useQueryClient();
  const formId = useId();
  const isEdit = row !== undefined;
  const api = useMemo(() => resourceApi(def), [def]);
  const resolver = useMemo(() => resourceResolver(def, isEdit ? 'update' : 'create'), [def, isEdit]);
  const form = useForm<ResourceFormValues, unknown, ResourcePayload>({
    resolver,
    defaultValues: formDefaults(def, row),
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: (payload: ResourcePayload) => (row ? api.update(row.id, payload) : api.create(payload)),
    onSuccess: async (saved) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [resourceBase(def)] }),
        // A renamed or new record also changes the pickers that offer it.
        queryClient.invalidateQueries({ queryKey: [lookupBase(def.route)] }),
      ]);
      toast({
        title: isEdit ? resourcePageMessages.toast.saved : resourcePageMessages.toast.created,
        description: displayOf(def, saved),
      });
      onClose();
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, formFieldNames(def))) return;
      toast({
        variant: 'destructive',
        title: resourcePageMessages.toast.error,
        description: serverMessageOf(error) ?? resourcePageMessages.toast.saveFailed,
      });
    },
  });

  const idOf = (name: string) => `${formId}-${name}`;

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? messages.editTitle(displayOf(def, row)) : def.newLabel}</DialogTitle>
          <DialogDescription>{isEdit ? messages.editDescription : messages.createDescription}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((payload) => save.mutate(payload))}
        >
          {def.fields.map((field) => {
            const Addon = addons?.[field.name];
            return (
              <ShownWhen key={field.name} field={field} control={form.control}>
                <FieldInput
                  key={field.name}
                  field={field}
                  id={idOf(field.name)}
                  row={row}
                  addon={
                    Addon ? (
                      <Addon
                        row={row}
                        getValue={(name) => form.getValues(name)}
                        setValue={(name, value) =>
                          form.setValue(name, value, { shouldDirty: true, shouldValidate: true })
                        }
                      />
                    ) : undefined
                  }
                  control={form.control}
                  register={form.register}
                  error={errors[field.name] as FieldError | undefined}
                />
              </ShownWhen>
            );
          })}
          {def.hasActiveFlag ? (
            <div className="flex items-start gap-3 sm:col-span-2">
              <Controller
                control={form.control}
                name={IS_ACTIVE}
                render={({ field }) => (
                  <Switch
                    ref={field.ref}
                    id={idOf(IS_ACTIVE)}
                    checked={field.value === true}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby={`${idOf(IS_ACTIVE)}-message`}
                  />
                )}
              />
              <div className="grid gap-1">
                <Label htmlFor={idOf(IS_ACTIVE)}>{resourceMessages.isActive}</Label>
                <FieldMessage
                  id={`${idOf(IS_ACTIVE)}-message`}
                  error={errors[IS_ACTIVE]?.message}
                  hint={messages.isActiveHint}
                />
              </div>
            </div>
          ) : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
            {resourcePageMessages.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {save.isPending ? messages.saving : isEdit ? messages.save : messages.create}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function FieldLabel({ field, htmlFor }: { field: FieldDef; htmlFor: string }) {
  return (
    <Label htmlFor={htmlFor}>
      {field.label}
      {field.required ? (
        <span className="text-destructive dark:text-red-400" title={messages.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </Label>
  );
}

function FieldInput({
  field,
  id,
  row,
  control,
  register,
  error,
  addon,
}: {
  field: FieldDef;
  id: string;
  row: ResourceRow | undefined;
  /** A module's button beside the input (text fields). */
  addon?: ReactNode;
  control: Control<ResourceFormValues, unknown, ResourcePayload>;
  register: UseFormRegister<ResourceFormValues>;
  error: FieldError | undefined;
}) {
  const messageId = `${id}-message`;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': messageId,
    'aria-required': field.required ? true : undefined,
  } as const;
  const message = <FieldMessage id={messageId} error={error?.message} hint={field.hint} />;

  if (field.kind === 'boolean') {
    return (
      <div className="flex items-start gap-3 sm:col-span-2">
        <Controller
          control={control}
          name={field.name}
          render={({ field: input }) => (
            <Switch
              ref={input.ref}
              checked={input.value === true}
              onCheckedChange={input.onChange}
              onBlur={input.onBlur}
              {...common}
            />
          )}
        />
        <div className="grid gap-1">
          <FieldLabel field={field} htmlFor={id} />
          {message}
        </div>
      </div>
    );
  }

  return (
    <div
      className={cn(
        'grid content-start gap-2',
        (field.kind === 'textarea' || field.kind === 'textList') && 'sm:col-span-2',
      )}
    >
      <FieldLabel field={field} htmlFor={id} />
      {field.kind === 'textarea' || field.kind === 'textList' ? (
        <Textarea
          rows={3}
          maxLength={field.maxLength}
          placeholder={field.example}
          {...common}
          {...register(field.name)}
        />
      ) : field.kind === 'integer' || field.kind === 'decimal' ? (
        <Input
          type="text"
          // A decimal keyboard has the separator key; the numeric one of iOS has none.
          inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
          autoComplete="off"
          className="tabular-nums"
          placeholder={field.example}
          {...common}
          {...register(field.name)}
        />
      ) : field.kind === 'date' || field.kind === 'phone' || field.kind === 'email' ? (
        <Input
          type={field.kind === 'date' ? 'date' : field.kind === 'phone' ? 'tel' : 'email'}
          inputMode={field.kind === 'phone' ? 'tel' : field.kind === 'email' ? 'email' : undefined}
          autoComplete="off"
          placeholder={field.example ?? (field.kind === 'phone' ? '+380XXXXXXXXX' : undefined)}
          {...common}
          {...register(field.name)}
        />
      ) : field.kind === 'enum' ? (
        <Controller
          control={control}
          name={field.name}
          render={({ field: input }) => (
            <Select
              // '' shows the placeholder: a required enum without a default starts unchosen.
              value={typeof input.value === 'string' && input.value !== '' ? input.value : field.required ? '' : NONE}
              onValueChange={(next) => input.onChange(next === NONE ? '' : next)}
            >
              <SelectTrigger ref={input.ref} onBlur={input.onBlur} {...common}>
                <SelectValue placeholder={resourcePageMessages.picker.placeholder} />
              </SelectTrigger>
              <SelectContent>
                {field.required ? null : <SelectItem value={NONE}>{resourcePageMessages.notSet}</SelectItem>}
                {(field.options ?? []).map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      ) : field.kind === 'reference' ? (
        <Controller
          control={control}
          name={field.name}
          render={({ field: input }) => (
            <ReferenceInput
              field={field}
              row={row}
              value={typeof input.value === 'number' ? input.value : null}
              onChange={input.onChange}
              onBlur={input.onBlur}
              inputRef={input.ref}
              {...common}
            />
          )}
        />
      ) : field.kind === 'color' ? (
        <Controller
          control={control}
          name={field.name}
          render={({ field: input }) => {
            const text = typeof input.value === 'string' ? input.value : '';
            return (
              <div className="flex gap-2">
                <input
                  type="color"
                  aria-label={messages.colorPicker(field.label)}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
                  value={/^#[0-9a-fA-F]{6}$/.test(text) ? text.toLowerCase() : '#000000'}
                  onChange={(event) => input.onChange(event.target.value)}
                />
                <Input
                  ref={input.ref}
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={field.example ?? '#RRGGBB'}
                  maxLength={7}
                  className="font-mono"
                  value={text}
                  onChange={(event) => input.onChange(event.target.value)}
                  onBlur={input.onBlur}
                  {...common}
                />
              </div>
            );
          }}
        />
      ) : (
        <div className="flex gap-2">
          <Input
            type="text"
            autoComplete="off"
            maxLength={field.maxLength}
            placeholder={field.example}
            {...common}
            {...register(field.name)}
          />
          {addon}
        </div>
      )}
      {message}
    </div>
  );
}

/** A reference input: remembers the label of the last pick, starting from the row's `<field>Label`. */
function ReferenceInput({
  field,
  row,
  value,
  onChange,
  onBlur,
  inputRef,
  ...aria
}: {
  field: FieldDef;
  row: ResourceRow | undefined;
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  inputRef: (element: HTMLButtonElement | null) => void;
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby': string;
  'aria-required'?: boolean;
}) {
  const [label, setLabel] = useState(() => referenceLabelOf(field, row));
  return (
    <ReferencePicker
      ref={inputRef}
      route={field.references ?? ''}
      value={value}
      valueLabel={label}
      clearLabel={field.required ? undefined : resourcePageMessages.notSet}
      onChange={(next, nextLabel) => {
        setLabel(nextLabel);
        onChange(next);
      }}
      onBlur={onBlur}
      {...aria}
    />
  );
}
