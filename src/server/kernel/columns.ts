// Column types drizzle has no builder for, defined once for every table.
import { customType } from 'drizzle-orm/pg-core';

/** Binary data (a photo, a PDF, an uploaded file): a Buffer in, a Buffer out on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
