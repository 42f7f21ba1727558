// The gear dialog 'Налаштування виробництва' (domain README §10: settings are edited on the owning page by users who
// may change it): backflush on output, automatic output when the terminal finishes the last operation, badge
// required on the terminal, the working hours per day used for lead times and the holidays (not working days for
// capacity and available hours) and the planned utilisation of the workers' hours that capacity planning counts on
// (shown as a whole percent, sent as an exact decimal 0.10–1.00). The server audits every change.
import { useId, useState } from 'react';
import type {
  ProductionSettingsPatchInput,
  ProductionSettingsView,
} from '@/modules/manufacturing/manufacturing.contract.ts';
import {
  dateLines,
  parseDateLines,
  SettingsDateListField,
  SettingsDialog,
  SettingsForm,
  SettingsNumberField,
  SettingsSwitch,
  type SettingsSubmit,
} from '@/web/components/settings-dialog.tsx';
import { dec, div, fixed } from '@/shared/decimal.ts';
import { moRequests, productionSettingsQueryKey } from './manufacturing.api.ts';

const m = {
  title: 'Налаштування виробництва',
  description: 'Діють для всіх виробничих замовлень і терміналу цеху.',
  backflush: 'Автоматичне списання матеріалів (backflush)',
  backflushHint: 'Під час випуску матеріали доводяться до норми на вироблену кількість.',
  autoOutput: 'Випуск після останньої операції',
  autoOutputHint: 'Коли на терміналі завершують останню операцію, придатні одиниці одразу надходять на склад.',
  requireBadge: 'Вхід на терміналі лише за бейджем',
  requireBadgeHint: 'Вибір себе зі списку працівників буде недоступний.',
  refuseStartWhenShort: 'Не починати без матеріалів',
  refuseStartWhenShortHint:
    'Термінал не дозволить почати замовлення, якому бракує матеріалів. Вимкнено — лише попереджає і просить підтвердити.',
  hoursPerDay: 'Робочих годин на день',
  hoursPerDayHint: 'Для оцінки тривалості виготовлення в днях.',
  hoursError: 'Від 1 до 24 годин, кратно пів години',
  holidays: 'Святкові та неробочі дні',
  holidaysHint: 'Кожна дата з нового рядка, дд.мм.рррр. Вихідні (субота, неділя) враховано й так.',
  holidaysError: (line: number) => `Рядок ${line}: вкажіть дату у форматі дд.мм.рррр`,
  utilisation: 'Планове використання робочого часу, %',
  utilisationHint:
    'Яку частку годин працівників планування потужностей вважає доступною для виробництва (решта — наради, прибирання, простої).',
  utilisationError: 'Ціле число від 10 до 100',
  loading: 'Завантаження налаштувань…',
  loadError: 'Не вдалося завантажити налаштування',
  retry: 'Повторити',
  saved: 'Налаштування збережено',
  failed: 'Не вдалося зберегти налаштування',
  cancel: 'Скасувати',
  save: 'Зберегти',
} as const;

export function ProductionSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <SettingsDialog<ProductionSettingsView>
      texts={m}
      queryKey={productionSettingsQueryKey}
      className="sm:max-w-lg"
      onClose={onClose}
    >
      {(settings) => <ProductionSettingsFields settings={settings} />}
    </SettingsDialog>
  );
}

type Flag = 'backflush' | 'autoOutputOnLastOperation' | 'requireBadge' | 'refuseStartWhenShort';
const flags: Array<{ key: Flag; label: string; hint: string }> = [
  { key: 'backflush', label: m.backflush, hint: m.backflushHint },
  { key: 'autoOutputOnLastOperation', label: m.autoOutput, hint: m.autoOutputHint },
  { key: 'requireBadge', label: m.requireBadge, hint: m.requireBadgeHint },
  { key: 'refuseStartWhenShort', label: m.refuseStartWhenShort, hint: m.refuseStartWhenShortHint },
];

/** '0.85' → '85' (whole percent as the field shows it). */
const percentOf = (share: string) => String(Number(fixed(div(dec(share), dec('0.01'), 0), 0)));

function ProductionSettingsFields({ settings }: { settings: ProductionSettingsView }) {
  const id = useId();
  const [values, setValues] = useState<Record<Flag, boolean>>({
    backflush: settings.backflush,
    autoOutputOnLastOperation: settings.autoOutputOnLastOperation,
    requireBadge: settings.requireBadge,
    refuseStartWhenShort: settings.refuseStartWhenShort,
  });
  const [hours, setHours] = useState(String(settings.hoursPerDay));
  const [hoursError, setHoursError] = useState<string | undefined>();
  const [holidays, setHolidays] = useState(dateLines(settings.holidays));
  const [holidaysError, setHolidaysError] = useState<string | undefined>();
  const [utilisation, setUtilisation] = useState(percentOf(settings.plannedUtilisation));
  const [utilisationError, setUtilisationError] = useState<string | undefined>();

  function submit(): SettingsSubmit<ProductionSettingsPatchInput> {
    const text = hours.trim().replace(',', '.');
    const number = Number(text);
    const badHours = !/^\d{1,2}(\.[05])?$/.test(text) || number < 1 || number > 24;
    setHoursError(badHours ? m.hoursError : undefined);
    const parsed = parseDateLines(holidays);
    setHolidaysError('badLine' in parsed ? m.holidaysError(parsed.badLine) : undefined);
    const percent = utilisation.trim();
    const badUtilisation = !/^\d{2,3}$/.test(percent) || Number(percent) < 10 || Number(percent) > 100;
    setUtilisationError(badUtilisation ? m.utilisationError : undefined);
    if (badHours || 'badLine' in parsed || badUtilisation) return null;
    const patch: ProductionSettingsPatchInput = {};
    for (const { key } of flags) if (values[key] !== settings[key]) patch[key] = values[key];
    if (number !== settings.hoursPerDay) patch.hoursPerDay = number;
    if (parsed.dates.join() !== settings.holidays.join()) patch.holidays = parsed.dates;
    const share = fixed(div(dec(percent), dec(100), 2), 2);
    if (share !== settings.plannedUtilisation) patch.plannedUtilisation = share;
    return patch;
  }

  return (
    <SettingsForm save={moRequests.updateSettings} submit={submit}>
      {flags.map(({ key, label, hint }) => (
        <SettingsSwitch
          key={key}
          id={`${id}-${key}`}
          label={label}
          hint={hint}
          checked={values[key]}
          onCheckedChange={(checked) => setValues((v) => ({ ...v, [key]: checked }))}
        />
      ))}
      <SettingsNumberField
        id={`${id}-hours`}
        label={m.hoursPerDay}
        hint={m.hoursPerDayHint}
        error={hoursError}
        value={hours}
        onChange={setHours}
        inputMode="decimal"
        className="max-w-32"
      />
      <SettingsNumberField
        id={`${id}-utilisation`}
        label={m.utilisation}
        hint={m.utilisationHint}
        error={utilisationError}
        value={utilisation}
        onChange={setUtilisation}
        inputMode="numeric"
        className="max-w-32"
      />
      <SettingsDateListField
        id={`${id}-holidays`}
        label={m.holidays}
        hint={m.holidaysHint}
        error={holidaysError}
        value={holidays}
        onChange={setHolidays}
      />
    </SettingsForm>
  );
}
