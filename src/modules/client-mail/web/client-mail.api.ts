// The calls of the /client-mail page, typed by the module's contract and named by its endpoints (sales.md §5,
// decision 0016).
import type { Query, QueryClient } from '@tanstack/react-query';
import type {
  EnvelopeFormat,
  Letter,
  LetterCreateInput,
  MailKind,
  MailStatus,
  RegisterStatus,
  RegisterSummary,
} from '@/modules/client-mail/client-mail.contract.ts';
import type { BodyInput, QueryInput } from '@/shared/endpoint.ts';
import { ApiError, callEndpoint, endpointKey, endpointUrl, getListQueryFn } from '@/web/lib/api.ts';
import { clientMailEndpoints as api } from '../client-mail.endpoints.ts';

/** The letters list's filter: the contract's query, with the fields the tab always keeps set ('all', '' = none). */
export type LetterListFilter = QueryInput<typeof api.list> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: MailStatus | 'all';
  kind: MailKind | 'all';
};

/** The registers list's filter: the contract's query, with the fields the tab always keeps set. */
export type RegisterListFilter = QueryInput<typeof api.registers> & {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: RegisterStatus | 'all';
};

export const letterListQueryKey = (filter: LetterListFilter) => endpointKey(api.list, { query: filter });
export const registerListQueryKey = (filter: RegisterListFilter) => endpointKey(api.registers, { query: filter });
export const registerQueryKey = (id: number) => endpointKey(api.register, { params: { id } });
/** Every envelope template query (of any company). */
export const allTemplatesQueryKey = endpointKey(api.templates);
export const templatesQueryKey = (companyId: number | null) => endpointKey(api.templates, { query: { companyId } });
export const draftRegistersQueryKey = endpointKey(api.registers, {
  query: { status: 'draft', limit: 100, sort: '-registerDate' },
});

export const letterListQueryFn = getListQueryFn<Letter>();
export const registerListQueryFn = getListQueryFn<RegisterSummary>();

/** The head of every key of the page (/api/client-mail); the templates' head is left out of a refresh. */
const MAIL_KEY = String(endpointKey(api.list)[0]);
const TEMPLATES_KEY = String(allTemplatesQueryKey[0]);

/** After any change: every list and register of the page is read again (the envelope templates stay). */
export function refreshMail(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query: Query) =>
      typeof query.queryKey[0] === 'string' &&
      query.queryKey[0].startsWith(MAIL_KEY) &&
      query.queryKey[0] !== TEMPLATES_KEY,
  });
}

export type StatusChangeBody = BodyInput<typeof api.changeStatus>;
export type LetterPatch = Partial<LetterCreateInput> & { updatedAt?: string };

export const registerPrintUrl = (id: number) => endpointUrl(api.printRegister, { params: { id } });
export const letterPrintUrl = (id: number) => endpointUrl(api.printLetter, { params: { id } });

/**
 * POSTs for a PDF and shows it in a new tab. The tab is opened at once (inside the click, so no popup blocker
 * stops it) and pointed at the PDF when it arrives; it is closed again when the server refuses.
 */
export async function openPostedPdf(url: string, body: unknown): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
      cache: 'no-store',
    });
    if (!response.ok) {
      const text = await response.text();
      let parsed: { error?: string; fields?: Record<string, string> } | undefined;
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        parsed = undefined;
      }
      throw new ApiError(
        response.status,
        parsed?.error ?? `${response.status}: ${text || response.statusText}`,
        parsed?.error ? { error: parsed.error, fields: parsed.fields } : undefined,
      );
    }
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    if (tab) tab.location.href = objectUrl;
    else window.open(objectUrl, '_blank');
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export const mailApi = {
  create: (body: BodyInput<typeof api.create>) => callEndpoint(api.create, { body }),
  update: (id: number, body: LetterPatch) => callEndpoint(api.update, { params: { id }, body }),
  remove: (id: number) => callEndpoint(api.remove, { params: { id } }),
  bulkCreate: (body: BodyInput<typeof api.bulkCreate>) => callEndpoint(api.bulkCreate, { body }),
  changeStatus: (id: number, body: StatusChangeBody) => callEndpoint(api.changeStatus, { params: { id }, body }),
  recipient: (counterpartyId: number) => callEndpoint(api.recipient, { params: { id: counterpartyId } }),
  printEnvelopes: (ids: number[], format: EnvelopeFormat | undefined, withLetters: boolean) => {
    const body: BodyInput<typeof api.printEnvelopes> = { ids, ...(format ? { format } : {}), withLetters };
    // The body goes by openPostedPdf's own fetch; the URL is the endpoint's.
    return openPostedPdf(endpointUrl(api.printEnvelopes, { body }), body);
  },
  createRegister: (body: BodyInput<typeof api.createRegister>) => callEndpoint(api.createRegister, { body }),
  addToRegister: (id: number, letterIds: number[]) =>
    callEndpoint(api.addToRegister, { params: { id }, body: { letterIds } }),
  removeFromRegister: (id: number, letterId: number) =>
    callEndpoint(api.removeFromRegister, { params: { id, letterId } }),
  sendRegister: (id: number) => callEndpoint(api.sendRegister, { params: { id }, body: {} }),
  deleteRegister: (id: number) => callEndpoint(api.removeRegister, { params: { id } }),
  saveTemplate: (body: BodyInput<typeof api.saveTemplate>) => callEndpoint(api.saveTemplate, { body }),
};
