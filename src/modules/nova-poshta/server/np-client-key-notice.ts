// 'Ключ Нової пошти клієнта відхилено' (reports-admin §9): a client's own Nova Poshta key was refused by the service
// (invalid or expired) while the tracking job worked under it. One open notice per client for /clients; it resolves
// itself when the client's key is changed or removed (the clients module's service). Kept here, beside the adapter
// both the clients and the shipments modules use, so neither imports the other.
import type { DbOrTx } from '@/server/kernel/db.ts';
import { and, eq } from 'drizzle-orm';
import { notifications, notify, resolveByKey } from '@/modules/notifications/server/index.ts';
import { emailEvent } from '@/modules/email-notifications/server/index.ts';
import { npMessages } from './np-client.ts';

export const clientNpKeyNoticeKey = (clientId: number) => `np-client-key:${clientId}`;

/** The service's answer means the key itself is refused (not a network or data problem). */
export const isNpKeyRefusal = (error: string) => error === npMessages.keyInvalid || error === npMessages.keyExpired;

export async function notifyClientNpKeyRejected(
  tx: DbOrTx,
  client: { id: number; name: string },
  error: string,
): Promise<void> {
  const key = clientNpKeyNoticeKey(client.id);
  const [open] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.dedupeKey, key), eq(notifications.isResolved, false)))
    .limit(1);
  // The e-mail rule 'Збій інтеграції' (reports-admin.md §14): once per refusal, not on every tracking run.
  if (!open) {
    await emailEvent(tx, 'integration_failed', {
      values: {
        integrationName: `Нова пошта (ключ клієнта ${client.name})`,
        error,
        link: `/clients/${client.id}/nova-poshta-settings`,
      },
    });
  }
  await notify(tx, {
    type: 'error',
    priority: 'medium',
    title: 'Ключ Нової пошти клієнта відхилено',
    message: `${client.name}: ${error}. Відправлення цього клієнта не відстежуються, доки ключ не замінять.`,
    actionRequired: true,
    actionUrl: `/clients/${client.id}/nova-poshta-settings`,
    related: { type: 'client', id: client.id, label: `Клієнт ${client.name}` },
    route: '/clients',
    dedupeKey: clientNpKeyNoticeKey(client.id),
  });
}

export const resolveClientNpKeyNotice = (tx: DbOrTx, clientId: number) =>
  resolveByKey(tx, clientNpKeyNoticeKey(clientId));
