// /api/email-notifications (reports-admin.md §14): the rules with their placeholders, a rule saved (templates
// checked, audited), the preview with sample data and the test letter sent at once with the server's answer.
// Every answer is `Cache-Control: no-store`.
import { auditContext, type AppDeps, type AppInstance } from '@/server/kernel/endpoint.ts';
import { serve } from '@/server/kernel/serve.ts';
import { audit } from '@/modules/system-logs/server/index.ts';
import { emailNotificationsSchemas } from '../email-notifications.contract.ts';
import { emailNotificationsEndpoints } from '../email-notifications.endpoints.ts';
import {
  emailEvents,
  emailNotificationsMessages as m,
  sampleValues,
  type EmailEventKey,
} from '../email-notifications.messages.ts';
import { checkTemplates, listRules, readRule, recipientOptions, saveRule } from './email-rules.ts';
import { render, setEmailAppUrl } from './email-event.ts';

/** The rule's letter with the sample values of its placeholders (the templates as typed, else the stored ones). */
async function sample(
  deps: AppDeps,
  eventKey: EmailEventKey,
  typed: { subjectTemplate?: string | undefined; bodyTemplate?: string | undefined } = {},
) {
  const rule = await readRule(deps.database.db, eventKey);
  const templates = {
    subjectTemplate: typed.subjectTemplate ?? rule.subjectTemplate,
    bodyTemplate: typed.bodyTemplate ?? rule.bodyTemplate,
  };
  checkTemplates(eventKey, templates.subjectTemplate, templates.bodyTemplate);
  const values: Record<string, string> = {};
  for (const name of emailEvents[eventKey].placeholders) values[name] = sampleValues[name];
  values.link = `${deps.config.appUrl}/orders`;
  if (!emailEvents[eventKey].placeholders.includes('link')) delete values.link;
  return render(templates, values);
}

export async function emailNotificationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  setEmailAppUrl(deps.config.appUrl);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  serve(app, emailNotificationsEndpoints, emailNotificationsSchemas, {
    list: async () => listRules(db),
    recipientOptions: async () => recipientOptions(db),
    update: async (request) => saveRule(db, auditContext(request), request.params.eventKey, request.body),
    preview: async (request) => sample(deps, request.params.eventKey, request.body),
    test: async (request) => {
      const { eventKey } = request.params;
      const to = request.body.to;
      const letter = await sample(deps, eventKey);
      const id = await db.transaction(async (tx) => {
        const queued = await deps.mailer.enqueue(tx, { to, ...letter, eventKey: `${eventKey}.test` });
        await audit(tx, auditContext(request), {
          action: 'create',
          entityType: 'email_rule_test',
          entityId: queued,
          after: { eventKey, to },
        });
        return queued;
      });
      const result = await deps.mailer.deliverNow(id);
      if (result.error) return { ok: false, message: m.testFailed(result.error), outboxId: id };
      return { ok: true, message: result.sent ? m.testSent(result.answer ?? '') : m.testLogged, outboxId: id };
    },
  });
}
