// 'Новий прогноз': the forecast's parameters in a dialog; created as a draft, then its page opens to calculate it.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { FormFailure } from '@/web/components/document-parts.tsx';
import { Button } from '@/web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog.tsx';
import { ApiError, serverMessageOf } from '@/web/lib/api.ts';
import { toast } from '@/web/lib/use-toast.ts';
import type { ForecastDetail } from '../production-forecasts.contract.ts';
import { emptyParams, ForecastParamsFields, paramsBody, type ForecastParamsValues } from './forecast-params.tsx';
import { forecastsApi } from './production-forecasts.api.ts';
import { productionForecastsWebMessages } from './production-forecasts-web.messages.ts';

const m = productionForecastsWebMessages.create;

export function ForecastCreateDialog({
  onCreated,
  onClose,
}: {
  onCreated: (forecast: ForecastDetail) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<ForecastParamsValues>(emptyParams);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: forecastsApi.create,
    onSuccess: (forecast) => {
      toast({ title: m.created, description: forecast.name });
      onCreated(forecast);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(serverMessageOf(error) ?? m.failed);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { body, errors: found } = paramsBody(values);
    setErrors(found ?? {});
    if (!found) create.mutate(body);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-h-[95dvh] gap-5 overflow-y-auto p-4 sm:max-w-2xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.description}</DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate className="grid min-w-0 gap-4" onSubmit={submit}>
          <fieldset disabled={create.isPending} className="min-w-0">
            <ForecastParamsFields formId={formId} values={values} errors={errors} onChange={setValues} />
          </fieldset>
          {failure ? <FormFailure>{failure}</FormFailure> : null}
        </form>
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {create.isPending ? m.saving : m.save}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
