// The endpoints of /api/repairs (production.md §7 API), named once for the server and the page. All are keyed to
// /repairs: GET needs canView, the rest canAccess.
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { repairsSchemas } from './repairs.contract.ts';
import { REPAIR_ATTACHMENT_MAX_BYTES, REPAIR_ATTACHMENT_TYPES } from './repairs.messages.ts';

const repairs = access.route('/repairs');

export const repairsEndpoints = defineEndpoints<typeof repairsSchemas>()({
  list: { method: 'GET', path: '/api/repairs', access: repairs, list: true },
  stats: { method: 'GET', path: '/api/repairs/stats', access: repairs },
  // The setting repairOverdueDays (the 'Прострочені' card), read and changed in the page's gear dialog.
  settings: { method: 'GET', path: '/api/repairs/settings', access: repairs },
  updateSettings: { method: 'PATCH', path: '/api/repairs/settings', access: repairs },
  lookupSerial: { method: 'GET', path: '/api/repairs/lookup-serial', access: repairs },
  get: { method: 'GET', path: '/api/repairs/:id', access: repairs },
  create: { method: 'POST', path: '/api/repairs', access: repairs, status: 201 },
  update: { method: 'PATCH', path: '/api/repairs/:id', access: repairs },
  remove: { method: 'DELETE', path: '/api/repairs/:id', access: repairs },
  changeStatus: { method: 'POST', path: '/api/repairs/:id/status', access: repairs },
  history: { method: 'GET', path: '/api/repairs/:id/history', access: repairs },
  parts: { method: 'GET', path: '/api/repairs/:id/parts', access: repairs },
  saveParts: { method: 'PUT', path: '/api/repairs/:id/parts', access: repairs },
  postParts: { method: 'POST', path: '/api/repairs/:id/parts/post', access: repairs },
  cancelPosting: { method: 'POST', path: '/api/repairs/parts-postings/:id/cancel', access: repairs },
  addTimeEntry: { method: 'POST', path: '/api/repairs/:id/time-entries', access: repairs, status: 201 },
  invoice: { method: 'POST', path: '/api/repairs/:id/invoice', access: repairs },
  attachments: { method: 'GET', path: '/api/repairs/:id/attachments', access: repairs },
  // The image goes as the raw body, typed by its own content type (decision 0014).
  uploadAttachment: {
    method: 'POST',
    path: '/api/repairs/:id/attachments',
    access: repairs,
    status: 201,
    bodyTypes: REPAIR_ATTACHMENT_TYPES,
    bodyLimit: REPAIR_ATTACHMENT_MAX_BYTES,
  },
  attachmentFile: { method: 'GET', path: '/api/repairs/:id/attachments/:attachmentId', access: repairs },
  removeAttachment: { method: 'DELETE', path: '/api/repairs/:id/attachments/:attachmentId', access: repairs },
  printIntake: { method: 'GET', path: '/api/repairs/:id/print/intake', access: repairs },
  printAct: { method: 'GET', path: '/api/repairs/:id/print/act', access: repairs },
});
