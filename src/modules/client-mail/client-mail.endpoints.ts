// The endpoints of /client-mail (sales.md §5), named once for the server and the page (decision 0016): letters, their
// envelopes and status, the post office registers and the envelope templates — all keyed to /client-mail (GET needs
// canView, the rest canAccess).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { clientMailSchemas } from './client-mail.contract.ts';

const mail = access.route('/client-mail');

export const clientMailEndpoints = defineEndpoints<typeof clientMailSchemas>()({
  list: { method: 'GET', path: '/api/client-mail', access: mail, list: true },
  create: { method: 'POST', path: '/api/client-mail', access: mail, status: 201 },
  bulkCreate: { method: 'POST', path: '/api/client-mail/bulk-create', access: mail, status: 201 },
  printEnvelopes: { method: 'POST', path: '/api/client-mail/print-envelopes', access: mail },
  recipient: { method: 'GET', path: '/api/client-mail/recipients/:id', access: mail },
  get: { method: 'GET', path: '/api/client-mail/:id', access: mail },
  update: { method: 'PATCH', path: '/api/client-mail/:id', access: mail },
  // Answers 204 with no body.
  remove: { method: 'DELETE', path: '/api/client-mail/:id', access: mail },
  changeStatus: { method: 'POST', path: '/api/client-mail/:id/status', access: mail },
  printLetter: { method: 'GET', path: '/api/client-mail/:id/print/letter', access: mail },
  registers: { method: 'GET', path: '/api/client-mail/registers', access: mail, list: true },
  createRegister: { method: 'POST', path: '/api/client-mail/registers', access: mail, status: 201 },
  register: { method: 'GET', path: '/api/client-mail/registers/:id', access: mail },
  // Answers 204 with no body.
  removeRegister: { method: 'DELETE', path: '/api/client-mail/registers/:id', access: mail },
  addToRegister: { method: 'POST', path: '/api/client-mail/registers/:id/items', access: mail },
  removeFromRegister: { method: 'DELETE', path: '/api/client-mail/registers/:id/items/:letterId', access: mail },
  sendRegister: { method: 'POST', path: '/api/client-mail/registers/:id/send', access: mail },
  printRegister: { method: 'GET', path: '/api/client-mail/registers/:id/print', access: mail },
  templates: { method: 'GET', path: '/api/client-mail/envelope-templates', access: mail },
  saveTemplate: { method: 'PUT', path: '/api/client-mail/envelope-templates', access: mail },
});
