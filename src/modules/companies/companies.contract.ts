// A company's bank accounts and logo (reference-data.md §15); accounts share the counterparty account shape.
import { idParams, messageSchema } from '@/shared/contract.ts';
import { z } from '@/shared/zod-uk.ts';
import { bankAccountSchema, bankAccountsBodySchema } from '@/modules/clients/clients.contract.ts';
import { numberingPatchSchema, numberingRowSchema } from '@/modules/stock/numbering.contract.ts';

export { bankAccountSchema, bankAccountsBodySchema, type BankAccount } from '@/modules/clients/clients.contract.ts';

export { companiesMessages, LOGO_MAX_BYTES, LOGO_TYPES } from './companies.messages.ts';

/** `?v=` of the logo's URL: a cache-buster the page changes after an upload. */
export const logoQuerySchema = z.strictObject({ v: z.string().max(40).optional() });

/** The shapes of the module's endpoints by name; their paths are in companies.endpoints.ts (decision 0016). */
export const companiesSchemas = {
  numbering: { response: z.array(numberingRowSchema) },
  patchNumbering: { body: numberingPatchSchema, response: z.array(numberingRowSchema) },
  bankAccounts: { params: idParams, response: z.array(bankAccountSchema) },
  putBankAccounts: { params: idParams, body: bankAccountsBodySchema, response: z.array(bankAccountSchema) },
  /** The body is the image itself (PNG, JPEG or SVG). */
  putLogo: { params: idParams, response: messageSchema },
  /** The stored image. */
  logo: { params: idParams, query: logoQuerySchema },
  removeLogo: { params: idParams, response: messageSchema },
};
