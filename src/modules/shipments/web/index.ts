// What other modules may use of the shipments module's web part (decision 0017): the Nova Poshta settings dialog
// (opened from /shipments and from /integrations) and the key of its settings.
export { NpSettingsDialog } from './np-settings-dialog.tsx';
export { npSettingsQueryKey, novaPoshtaApi } from './nova-poshta.api.ts';
