// The bank accounts of a counterparty or a company (reference-data.md §13, §15): the whole list is edited at once
// and saved with one PUT, which replaces the set. IBANs are checked here (checksum, one default per currency) by
// the contract's own schema before anything is sent; the server checks them again and reads the МФО from them.
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import { Loader2Icon, PlusIcon, Trash2Icon } from 'lucide-react';
import { bankAccountsBodySchema, type BankAccount } from '@/modules/clients/clients.contract.ts';
import { checkIbanUa } from '@/shared/requisites.ts';
import type { z } from '@/shared/zod-uk.ts';
import { ListLoadError, StateMessage } from '@/web/components/data-list.tsx';
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
import { Switch } from '@/web/components/ui/switch.tsx';
import { ApiError, apiRequest, serverMessageOf } from '@/web/lib/api.ts';
import { applyServerFieldErrors } from '@/web/lib/form-errors.ts';
import { toast } from '@/web/lib/use-toast.ts';

export const bankAccountsMessages = {
  description: 'IBAN перевіряється за контрольною сумою; МФО банку читається з IBAN.',
  readOnly: 'Лише перегляд: змінювати рахунки може користувач із правом доступу до розділу.',
  loading: 'Завантаження рахунків...',
  loadError: 'Не вдалося завантажити рахунки',
  retry: 'Спробувати ще раз',
  empty: 'Рахунків ще немає',
  emptyHint: 'Додайте рахунок кнопкою «Додати рахунок».',
  account: (n: number) => `Рахунок ${n}`,
  iban: 'IBAN',
  ibanPlaceholder: 'UA00 000000 0000000000000000000',
  mfo: (mfo: string) => `МФО ${mfo}`,
  bankName: 'Назва банку',
  currency: 'Валюта',
  isDefault: 'Основний у своїй валюті',
  remove: (n: number) => `Видалити рахунок ${n}`,
  removeShort: 'Видалити',
  add: 'Додати рахунок',
  limit: (max: number) => `Не більше ${max} рахунків`,
  close: 'Закрити',
  cancel: 'Скасувати',
  save: 'Зберегти',
  saving: 'Зберігаю...',
  saved: 'Рахунки збережено',
  savedCount: (n: number) => (n === 0 ? 'Список рахунків порожній' : `Рахунків: ${n}`),
  saveFailed: 'Не вдалося зберегти рахунки',
  errorTitle: 'Помилка',
} as const;

const messages = bankAccountsMessages;
const MAX_ACCOUNTS = 20;
const FIELDS = ['iban', 'bankName', 'currencyCode', 'isDefault'] as const;

interface AccountRow {
  iban: string;
  bankName: string;
  currencyCode: string;
  isDefault: boolean;
  /** The account as the server saved it: its IBAN and the МФО the server read from it. */
  saved: { iban: string; mfo: string | null } | null;
}
interface AccountsFormValues {
  accounts: AccountRow[];
}
type AccountsBody = z.output<typeof bankAccountsBodySchema>;

const bodyResolver = zodResolver(bankAccountsBodySchema);
/** Validates only what is sent (the schema is strict), with the same paths as the form: `accounts.0.iban`. */
const accountsResolver: Resolver<AccountsFormValues, unknown, AccountsBody> = (values, context, options) =>
  bodyResolver(
    {
      accounts: values.accounts.map(({ iban, bankName, currencyCode, isDefault }) => ({
        iban,
        bankName,
        currencyCode,
        isDefault,
      })),
    },
    context,
    options as unknown as Parameters<typeof bodyResolver>[2],
  );

function toForm(accounts: readonly BankAccount[]): AccountsFormValues {
  return {
    accounts: accounts.map((a) => ({
      iban: a.iban,
      bankName: a.bankName ?? '',
      currencyCode: a.currencyCode,
      isDefault: a.isDefault,
      saved: { iban: a.iban, mfo: a.mfo },
    })),
  };
}

/** The МФО to show under an IBAN: the one the server read when the IBAN is the saved one, else read here. */
function mfoOf(row: Pick<AccountRow, 'iban' | 'saved'> | undefined): string | null {
  if (!row) return null;
  const checked = checkIbanUa(row.iban);
  if (!checked.ok) return null;
  if (row.saved && row.saved.iban === checked.value) return row.saved.mfo;
  return checked.value.slice(4, 10);
}

export interface BankAccountsDialogProps {
  /** The dialog's title, naming whose accounts these are ('Банківські рахунки: ТОВ «Вектор»'). */
  title: string;
  /** GET answers the list, PUT `{accounts}` replaces it ('/api/clients/5/bank-accounts'). */
  url: string;
  /** False: the list is shown without a way to change it. */
  canChange?: boolean;
  onClose: () => void;
}

export function BankAccountsDialog({ title, url, canChange = true, onClose }: BankAccountsDialogProps) {
  // Asked afresh each time the dialog opens: another user may have changed the accounts meanwhile.
  const accountsQuery = useQuery<BankAccount[]>({ queryKey: [url], gcTime: 0 });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{canChange ? messages.description : messages.readOnly}</DialogDescription>
        </DialogHeader>
        {accountsQuery.isPending ? (
          <StateMessage>
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            <span role="status">{messages.loading}</span>
          </StateMessage>
        ) : accountsQuery.isError ? (
          <>
            <StateMessage>
              <ListLoadError
                error={accountsQuery.error}
                message={messages.loadError}
                retryText={messages.retry}
                onRetry={accountsQuery.refetch}
              />
            </StateMessage>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {messages.close}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <AccountsForm url={url} accounts={accountsQuery.data} canChange={canChange} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AccountsForm({
  url,
  accounts,
  canChange,
  onClose,
}: {
  url: string;
  accounts: BankAccount[];
  canChange: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const form = useForm<AccountsFormValues, unknown, AccountsBody>({
    resolver: accountsResolver,
    defaultValues: toForm(accounts),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'accounts' });
  const { errors, isDirty } = form.formState;

  const save = useMutation({
    mutationFn: (body: AccountsBody) => apiRequest<BankAccount[]>('PUT', url, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([url], saved);
      form.reset(toForm(saved));
      toast({ title: messages.saved, description: messages.savedCount(saved.length) });
    },
    onError: (error) => {
      const names = form
        .getValues('accounts')
        .flatMap((_row, index) => FIELDS.map((field) => `accounts.${index}.${field}` as const));
      applyServerFieldErrors(error, form.setError, names);
    },
  });

  // What did not land under an input (an IBAN of another company, a lost connection) stays in the dialog.
  const failure = save.error ? unplacedMessage(save.error, fields.length) : null;

  function addAccount() {
    const rows = form.getValues('accounts');
    const hasDefault = rows.some((row) => row.isDefault && row.currencyCode.trim().toUpperCase() === 'UAH');
    append({ iban: '', bankName: '', currencyCode: 'UAH', isDefault: !hasDefault, saved: null });
  }

  /** Like a radio group per currency: marking one account default unmarks the others of its currency. */
  function markDefault(index: number, value: boolean) {
    const rows = form.getValues('accounts');
    const currency = rows[index]?.currencyCode.trim().toUpperCase();
    if (value) {
      rows.forEach((row, other) => {
        if (other !== index && row.isDefault && row.currencyCode.trim().toUpperCase() === currency) {
          form.setValue(`accounts.${other}.isDefault`, false, { shouldDirty: true });
        }
      });
    }
    form.setValue(`accounts.${index}.isDefault`, value, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger('accounts');
  }

  return (
    <>
      <form
        id={formId}
        noValidate
        className="grid min-w-0 gap-3"
        onSubmit={form.handleSubmit((body) => save.mutate(body))}
      >
        <fieldset disabled={!canChange || save.isPending} className="grid min-w-0 gap-3">
          {fields.length === 0 ? (
            <div className="rounded-lg border border-dashed px-4 py-8 text-center">
              <p className="font-medium">{messages.empty}</p>
              {canChange ? <p className="text-sm text-muted-foreground">{messages.emptyHint}</p> : null}
            </div>
          ) : (
            <ol className="grid gap-3">
              {fields.map((field, index) => (
                <AccountFields
                  key={field.id}
                  formId={formId}
                  index={index}
                  control={form.control}
                  register={form.register}
                  errors={errors}
                  canChange={canChange}
                  onDefaultChange={(value) => markDefault(index, value)}
                  onRemove={() => remove(index)}
                />
              ))}
            </ol>
          )}
        </fieldset>
        {canChange ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={save.isPending || fields.length >= MAX_ACCOUNTS}
              onClick={addAccount}
            >
              <PlusIcon aria-hidden="true" />
              {messages.add}
            </Button>
            {fields.length >= MAX_ACCOUNTS ? (
              <span className="text-xs text-muted-foreground">{messages.limit(MAX_ACCOUNTS)}</span>
            ) : null}
          </div>
        ) : null}
        {failure ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:border-red-400/40 dark:text-red-300"
          >
            {failure}
          </p>
        ) : null}
      </form>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
          {canChange && isDirty ? messages.cancel : messages.close}
        </Button>
        {canChange ? (
          <Button type="submit" form={formId} disabled={save.isPending || !isDirty}>
            {save.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {save.isPending ? messages.saving : messages.save}
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}

/** A server message whose field keys name no input of the form (`accounts`, or a row that is gone). */
function unplacedMessage(error: unknown, rowCount: number): string | null {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const placed = Object.keys(fields).some((key) => {
    const match = /^accounts\.(\d+)\.(\w+)$/.exec(key);
    return match !== null && Number(match[1]) < rowCount && (FIELDS as readonly string[]).includes(match[2]!);
  });
  return placed ? null : (serverMessageOf(error) ?? messages.saveFailed);
}

function AccountFields({
  formId,
  index,
  control,
  register,
  errors,
  canChange,
  onDefaultChange,
  onRemove,
}: {
  formId: string;
  index: number;
  control: Control<AccountsFormValues, unknown, AccountsBody>;
  register: UseFormRegister<AccountsFormValues>;
  errors: FieldErrors<AccountsFormValues>;
  canChange: boolean;
  onDefaultChange: (value: boolean) => void;
  onRemove: () => void;
}) {
  const number = index + 1;
  const idOf = (name: string) => `${formId}-${index}-${name}`;
  const rowErrors = errors.accounts?.[index];
  const row = useWatch({ control, name: `accounts.${index}` });
  const mfo = mfoOf(row);

  const textField = (
    name: 'iban' | 'bankName' | 'currencyCode',
    label: string,
    props: { className?: string; placeholder?: string; maxLength?: number; hint?: string },
  ) => {
    const id = idOf(name);
    const error = rowErrors?.[name]?.message;
    return (
      <div className="grid min-w-0 content-start gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          className={props.className}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          {...register(`accounts.${index}.${name}`)}
        />
        <FieldMessage id={`${id}-message`} error={error} hint={props.hint} />
      </div>
    );
  };

  const defaultId = idOf('isDefault');
  const defaultError = rowErrors?.isDefault?.message;
  return (
    <li className="rounded-lg border p-2.5 sm:p-3">
      <fieldset className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_5.5rem]">
        <legend className="sr-only">{messages.account(number)}</legend>
        {textField('iban', messages.iban, {
          className: 'font-mono tracking-tight',
          placeholder: messages.ibanPlaceholder,
          maxLength: 40,
          hint: mfo ? messages.mfo(mfo) : undefined,
        })}
        {textField('bankName', messages.bankName, { maxLength: 200 })}
        {textField('currencyCode', messages.currency, { className: 'uppercase', maxLength: 3 })}
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-3">
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name={`accounts.${index}.isDefault`}
              render={({ field }) => (
                <Switch
                  ref={field.ref}
                  id={defaultId}
                  checked={field.value}
                  onCheckedChange={onDefaultChange}
                  onBlur={field.onBlur}
                  aria-describedby={`${defaultId}-message`}
                  aria-invalid={defaultError ? true : undefined}
                />
              )}
            />
            <div className="grid gap-1">
              <Label htmlFor={defaultId} className="font-normal">
                {messages.isDefault}
              </Label>
              <FieldMessage id={`${defaultId}-message`} error={defaultError} />
            </div>
          </div>
          {canChange ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-destructive hover:text-destructive dark:text-red-400"
              aria-label={messages.remove(number)}
              onClick={onRemove}
            >
              <Trash2Icon aria-hidden="true" />
              {messages.removeShort}
            </Button>
          ) : null}
        </div>
      </fieldset>
    </li>
  );
}
