export {
  isoFromNp,
  npCall,
  npDate,
  npErrorText,
  npFetchPdf,
  npLabelFormats,
  npMessages,
  npPhone,
  npPrintUrl,
  type NpLabelFormat,
  type NpResult,
} from './np-client.ts';
export { novaPoshtaRoutes } from './nova-poshta.routes.ts';
export { refreshDirectory, searchSettlements, searchWarehouses } from './np-directory.service.ts';
export { npSettlements, npWarehouses } from './np-directory.table.ts';
export {
  NP_INTEGRATION,
  NP_JOBS_KEY,
  NP_SETTINGS_KEY,
  openNpKey,
  readNpJobs,
  readNpSettings,
  senderReady,
  writeNpJobs,
  type NpJobsState,
  type StoredNpSettings,
} from './np-settings.ts';
export { finalDeliveryStatuses, npStatusOf, npStatusTable, type NpDeliveryStatus } from './np-status.ts';
export { isNpKeyRefusal, notifyClientNpKeyRejected, resolveClientNpKeyNotice } from './np-client-key-notice.ts';
