import { customType } from 'drizzle-orm/pg-core';

/** Bytes kept in the database: private, written in the same transaction as what names them. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
