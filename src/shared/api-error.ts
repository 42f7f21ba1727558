// The one error shape of the API (DESIGN §6): `{ error: "<Ukrainian message>", fields?: {name: message} }`.
import { z } from 'zod';

export const apiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A domain error a service throws; the server's error handler turns it into an HTTP answer. */
export class DomainError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'DomainError';
    this.status = status;
    this.fields = fields;
  }
}

export const commonMessages = {
  badRequest: 'Некоректні дані запиту',
  badJson: 'Некоректний JSON у тілі запиту',
  tooLarge: 'Запит завеликий',
  unauthorized: 'Потрібно увійти в систему',
  forbidden: 'Недостатньо прав',
  notFound: 'Не знайдено',
  internal: 'Внутрішня помилка сервера. Спробуйте ще раз пізніше.',
  unsupportedMedia: 'Непідтримуваний тип вмісту запиту',
  crossSite: 'Запит надіслано з іншого сайту — його відхилено. Відкрийте систему за її власною адресою.',
} as const;
