// The inline creation of a client from the order form (sales.md §1 Page: 'a client combobox, with inline
// creation'): a small nested dialog with the minimum of a client — legal form, short name, the full name of a legal
// entity, ЄДРПОУ/РНОКПП, phone, e-mail — checked by the /clients declaration's own schema (the same rules and
// Ukrainian messages as the /clients form) and sent to the existing POST /api/clients; the server's field errors
// land under the inputs they name. The rest of the client (terms, contacts, delivery) is completed on /clients.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Loader2Icon, UserPlusIcon } from 'lucide-react';
import { resourceMessages, type ResourceDef } from '@/resources/_engine/define-resource.ts';
import { lookupBase, resourceApi, resourceBase } from '@/resources/_engine/web/resource-api.ts';
import {
  formDefaults,
  resourceResolver,
  type ResourceFormValues,
  type ResourcePayload,
} from '@/resources/_engine/web/resource-values.ts';
import { clientsResource, legalFormOptions } from '@/resources/counterparties/counterparties.resource.ts';
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
import { serverMessageOf } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';
import { FormFailure } from './order-parts.tsx';
import { ordersWebMessages } from './orders.messages.ts';

const m = ordersWebMessages.clientCreate;

/** The legal forms offered here, in this order (a non-resident is created on /clients). */
const LEGAL_FORMS = ['sole_proprietor', 'legal_entity', 'individual'] as const;
const QUICK_FIELDS = ['legalForm', 'name', 'fullName', 'taxId', 'phone', 'email'] as const;
type QuickField = (typeof QUICK_FIELDS)[number];

/**
 * The /clients declaration cut down to the quick fields: the same field rules and the same rules across fields
 * (the tax id by legal form, the full name of a legal entity), so a client created here passes the /clients form.
 */
export const quickClientDef: ResourceDef = {
  ...clientsResource,
  fields: clientsResource.fields
    .filter((field) => (QUICK_FIELDS as readonly string[]).includes(field.name))
    .map((field) =>
      field.name === 'legalForm'
        ? { ...field, options: legalFormOptions.filter((o) => (LEGAL_FORMS as readonly string[]).includes(o.value)) }
        : field,
    ),
};

const quickResolver = resourceResolver(quickClientDef, 'create');
const clientsApi = resourceApi(quickClientDef);

export interface CreatedClient {
  id: number;
  label: string;
}

export function ClientCreateDialog({
  initialName,
  onCreated,
  onClose,
}: {
  /** What was typed in the client search: the new client's short name to start with. */
  initialName: string;
  onCreated: (client: CreatedClient) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResourceFormValues, unknown, ResourcePayload>({
    resolver: quickResolver,
    defaultValues: { ...formDefaults(quickClientDef), name: initialName.trim() },
  });
  const { errors } = form.formState;
  const legalForm = useWatch({ control: form.control, name: 'legalForm' });
  const isLegalEntity = legalForm === 'legal_entity';

  const create = useMutation({
    mutationFn: (payload: ResourcePayload) => clientsApi.create(payload),
    onMutate: () => setFailure(null),
    onSuccess: async (saved) => {
      const label = typeof saved.name === 'string' && saved.name !== '' ? saved.name : `#${saved.id}`;
      await Promise.all([
        // The pickers and the /clients list offer the new client at once.
        queryClient.invalidateQueries({ queryKey: [lookupBase(clientsResource.route)] }),
        queryClient.invalidateQueries({ queryKey: [resourceBase(clientsResource)] }),
      ]);
      toast({ title: m.created, description: label });
      onCreated({ id: saved.id, label });
    },
    onError: (error) => {
      if (applyServerFieldErrors<ResourceFormValues>(error, form.setError, [...QUICK_FIELDS])) return;
      setFailure(serverMessageOf(error) ?? m.failed);
    },
  });

  const idOf = (name: QuickField) => `${formId}-${name}`;
  const aria = (name: QuickField, required = false) => ({
    id: idOf(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${idOf(name)}-message`,
    'aria-required': required ? true : undefined,
  });
  const label = (name: QuickField, text: string, required = false) => (
    <Label htmlFor={idOf(name)}>
      {text}
      {required ? (
        <span className="text-destructive dark:text-red-400" title={resourceMessages.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </Label>
  );
  const message = (name: QuickField, hint?: string) => (
    <FieldMessage id={`${idOf(name)}-message`} error={errors[name]?.message} hint={hint} />
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="p-4 sm:max-w-lg sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          className="grid min-w-0 gap-4"
          onSubmit={(event) => {
            // The dialog is a child of the order form in React's tree: its submit must not reach that form.
            event.stopPropagation();
            void form.handleSubmit((payload) => create.mutate(payload))(event);
          }}
        >
          <fieldset disabled={create.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
            <div className="grid min-w-0 content-start gap-2">
              {label('legalForm', m.legalForm, true)}
              <Controller
                control={form.control}
                name="legalForm"
                render={({ field }) => (
                  <Select
                    value={typeof field.value === 'string' ? field.value : ''}
                    onValueChange={(next) => {
                      field.onChange(next);
                      if (next !== 'legal_entity') form.setValue('fullName', '');
                      form.clearErrors(['fullName', 'taxId']);
                    }}
                  >
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...aria('legalForm', true)}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {LEGAL_FORMS.map((value) => (
                        <SelectItem key={value} value={value}>
                          {legalFormOptions.find((o) => o.value === value)?.label ?? value}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              {message('legalForm')}
            </div>
            <div className="grid min-w-0 content-start gap-2">
              {label('name', m.name, true)}
              <Input
                autoComplete="off"
                maxLength={200}
                placeholder={m.namePlaceholder}
                {...aria('name', true)}
                {...form.register('name')}
              />
              {message('name')}
            </div>
            {isLegalEntity ? (
              <div className="grid min-w-0 content-start gap-2 sm:col-span-2">
                {label('fullName', m.fullName, true)}
                <Input autoComplete="off" maxLength={400} {...aria('fullName', true)} {...form.register('fullName')} />
                {message('fullName', m.fullNameHint)}
              </div>
            ) : null}
            <div className="grid min-w-0 content-start gap-2">
              {label('taxId', isLegalEntity ? m.edrpou : m.rnokpp)}
              <Input
                autoComplete="off"
                inputMode="numeric"
                maxLength={30}
                className="tabular-nums"
                {...aria('taxId')}
                {...form.register('taxId')}
              />
              {message('taxId', m.taxIdHint)}
            </div>
            <div className="grid min-w-0 content-start gap-2">
              {label('phone', m.phone)}
              <Input
                type="tel"
                inputMode="tel"
                autoComplete="off"
                placeholder="+380XXXXXXXXX"
                {...aria('phone')}
                {...form.register('phone')}
              />
              {message('phone')}
            </div>
            <div className="grid min-w-0 content-start gap-2 sm:col-span-2">
              {label('email', m.email)}
              <Input type="email" inputMode="email" autoComplete="off" {...aria('email')} {...form.register('email')} />
              {message('email')}
            </div>
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden="true" />
            ) : (
              <UserPlusIcon aria-hidden="true" />
            )}
            {create.isPending ? m.creating : m.create}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
