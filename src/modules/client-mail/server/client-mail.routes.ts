// /api/client-mail (sales.md §5), registered from the module's endpoints (client-mail.endpoints.ts) and their schemas:
// letters, their envelopes and status, the post office registers and the envelope templates.
import type { FastifyReply } from 'fastify';
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { sendPdf } from '@/server/kernel/pdf/pdf.ts';
import { serve } from '@/server/kernel/serve.ts';
import { clientMailSchemas } from '../client-mail.contract.ts';
import { clientMailEndpoints } from '../client-mail.endpoints.ts';
import {
  envelopesFileName,
  registerPrintTitle,
  renderEnvelopes,
  renderLetter,
  renderRegister,
} from './client-mail.print.ts';
import { getLetter, listLetters, recipientPreview } from './client-mail.read.ts';
import {
  addToRegister,
  createRegister,
  deleteRegister,
  getRegister,
  listRegisters,
  removeFromRegister,
  sendRegister,
} from './client-mail.registers.ts';
import { envelopeTemplatesOf, saveEnvelopeTemplate } from './client-mail.templates.ts';
import {
  bulkCreateLetters,
  changeLetterStatus,
  createLetter,
  deleteLetter,
  lettersForPrinting,
  updateLetter,
} from './client-mail.write.ts';

export async function clientMailRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const noContent = (reply: FastifyReply) => reply.status(204).send();

  serve(app, clientMailEndpoints, clientMailSchemas, {
    // ---- letters ----
    list: async (request) => listLetters(db, request.query),
    create: async (request) => createLetter(db, auditContext(request), request.body),
    bulkCreate: async (request) => bulkCreateLetters(db, auditContext(request), request.body),
    printEnvelopes: async (request, reply) => {
      const { ids, format, withLetters } = request.body;
      const pdf = await db.transaction(async (tx) => {
        const letters = await lettersForPrinting(tx, auditContext(request), ids);
        return renderEnvelopes(tx, letters, { format, withLetters });
      });
      return sendPdf(reply, envelopesFileName, pdf);
    },
    recipient: async (request) => recipientPreview(db, request.params.id),
    get: async (request) => getLetter(db, request.params.id),
    update: async (request) => updateLetter(db, auditContext(request), request.params.id, request.body),
    remove: async (request, reply) => {
      await deleteLetter(db, auditContext(request), request.params.id);
      return noContent(reply);
    },
    changeStatus: async (request) => changeLetterStatus(db, auditContext(request), request.params.id, request.body),
    printLetter: async (request, reply) => {
      const letter = await getLetter(db, request.params.id);
      return sendPdf(reply, `Лист ${letter.number}.pdf`, await renderLetter(db, letter));
    },

    // ---- registers ----
    registers: async (request) => listRegisters(db, request.query),
    createRegister: async (request) => createRegister(db, auditContext(request), request.body),
    register: async (request) => getRegister(db, request.params.id),
    removeRegister: async (request, reply) => {
      await deleteRegister(db, auditContext(request), request.params.id);
      return noContent(reply);
    },
    addToRegister: async (request) =>
      addToRegister(db, auditContext(request), request.params.id, request.body.letterIds),
    removeFromRegister: async (request) =>
      removeFromRegister(db, auditContext(request), request.params.id, request.params.letterId),
    sendRegister: async (request) => sendRegister(db, auditContext(request), request.params.id),
    printRegister: async (request, reply) => {
      const register = await getRegister(db, request.params.id);
      return sendPdf(reply, `${registerPrintTitle} ${register.number}.pdf`, await renderRegister(db, register));
    },

    // ---- envelope templates ----
    templates: async (request) => envelopeTemplatesOf(db, request.query.companyId),
    saveTemplate: async (request) => saveEnvelopeTemplate(db, auditContext(request), request.body),
  });
}
