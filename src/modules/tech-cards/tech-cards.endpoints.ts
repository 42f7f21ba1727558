// The endpoints of /tech-cards (production.md §2): base cards and their modifications, named once for the server and
// the page (decision 0016).
import { access, defineEndpoints } from '@/shared/endpoint.ts';
import type { techCardsSchemas } from './tech-cards.contract.ts';

const techCards = access.route('/tech-cards');

export const techCardsEndpoints = defineEndpoints<typeof techCardsSchemas>()({
  list: { method: 'GET', path: '/api/tech-cards', access: techCards, list: true },
  get: { method: 'GET', path: '/api/tech-cards/:id', access: techCards },
  summary: { method: 'GET', path: '/api/tech-cards/:id/summary', access: techCards },
  print: { method: 'GET', path: '/api/tech-cards/:id/print', access: techCards },
  create: { method: 'POST', path: '/api/tech-cards', access: techCards, status: 201 },
  update: { method: 'PATCH', path: '/api/tech-cards/:id', access: techCards },
  // 204 without a body.
  remove: { method: 'DELETE', path: '/api/tech-cards/:id', access: techCards },
  makeDefault: { method: 'POST', path: '/api/tech-cards/:id/make-default', access: techCards },
  createModification: {
    method: 'POST',
    path: '/api/tech-cards/:id/create-modification',
    access: techCards,
    status: 201,
  },
  copy: { method: 'POST', path: '/api/tech-cards/:id/copy', access: techCards, status: 201 },
});
