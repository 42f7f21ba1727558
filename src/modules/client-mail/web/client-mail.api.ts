// The calls of the /client-mail page, typed by the module's contract (sales.md §5).
import type { Query, QueryClient } from '@tanstack/react-query';
import type {
  BulkCreateInput,
  BulkResult,
  EnvelopeFormat,
  EnvelopeTemplate,
  EnvelopeTemplatePutInput,
  Letter,
  LetterCreateInput,
  MailKind,
  MailStatus,
  RecipientPreview,
  Register,
  RegisterCreateInput,
  RegisterStatus,
  RegisterSummary,
} from '@/modules/client-mail/client-mail.contract.ts';
import { ApiError, apiRequest, getListQueryFn } from '@/web/lib/api.ts';

export const MAIL_URL = '/api/client-mail';
export const REGISTERS_URL = `${MAIL_URL}/registers`;
export const TEMPLATES_URL = `${MAIL_URL}/envelope-templates`;

/** The letters list's filter; its entries become the query parameters ('all', null and '' are left out). */
export interface LetterListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: MailStatus | 'all';
  kind: MailKind | 'all';
}

export interface RegisterListFilter {
  page: number;
  limit: number;
  search: string;
  sort: string;
  status: RegisterStatus | 'all';
}

export const letterListQueryKey = (filter: LetterListFilter) => [MAIL_URL, filter] as const;
export const registerListQueryKey = (filter: RegisterListFilter) => [REGISTERS_URL, filter] as const;
export const registerQueryKey = (id: number) => [REGISTERS_URL, id] as const;
export const templatesQueryKey = (companyId: number | null) => [TEMPLATES_URL, { companyId }] as const;
export const draftRegistersQueryKey = [REGISTERS_URL, { status: 'draft', limit: 100, sort: '-registerDate' }] as const;

export const letterListQueryFn = getListQueryFn<Letter>();
export const registerListQueryFn = getListQueryFn<RegisterSummary>();

/** After any change: every list and register of the page is read again (the envelope templates stay). */
export function refreshMail(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query: Query) =>
      typeof query.queryKey[0] === 'string' &&
      query.queryKey[0].startsWith(MAIL_URL) &&
      query.queryKey[0] !== TEMPLATES_URL,
  });
}

export type StatusChangeBody = { status: MailStatus; trackingNumber?: string | null; date?: string };
export type LetterPatch = Partial<LetterCreateInput> & { updatedAt?: string };

export const registerPrintUrl = (id: number) => `${REGISTERS_URL}/${id}/print`;
export const letterPrintUrl = (id: number) => `${MAIL_URL}/${id}/print/letter`;

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
  create: (body: LetterCreateInput) => apiRequest<Letter>('POST', MAIL_URL, body),
  update: (id: number, body: LetterPatch) => apiRequest<Letter>('PATCH', `${MAIL_URL}/${id}`, body),
  remove: (id: number) => apiRequest<unknown>('DELETE', `${MAIL_URL}/${id}`),
  bulkCreate: (body: BulkCreateInput) => apiRequest<BulkResult>('POST', `${MAIL_URL}/bulk-create`, body),
  changeStatus: (id: number, body: StatusChangeBody) => apiRequest<Letter>('POST', `${MAIL_URL}/${id}/status`, body),
  recipient: (counterpartyId: number) =>
    apiRequest<RecipientPreview>('GET', `${MAIL_URL}/recipients/${counterpartyId}`),
  printEnvelopes: (ids: number[], format: EnvelopeFormat | undefined, withLetters: boolean) =>
    openPostedPdf(`${MAIL_URL}/print-envelopes`, { ids, ...(format ? { format } : {}), withLetters }),
  createRegister: (body: RegisterCreateInput) => apiRequest<Register>('POST', REGISTERS_URL, body),
  addToRegister: (id: number, letterIds: number[]) =>
    apiRequest<Register>('POST', `${REGISTERS_URL}/${id}/items`, { letterIds }),
  removeFromRegister: (id: number, letterId: number) =>
    apiRequest<Register>('DELETE', `${REGISTERS_URL}/${id}/items/${letterId}`),
  sendRegister: (id: number) => apiRequest<Register>('POST', `${REGISTERS_URL}/${id}/send`, {}),
  deleteRegister: (id: number) => apiRequest<unknown>('DELETE', `${REGISTERS_URL}/${id}`),
  saveTemplate: (body: EnvelopeTemplatePutInput) => apiRequest<EnvelopeTemplate>('PUT', TEMPLATES_URL, body),
};
