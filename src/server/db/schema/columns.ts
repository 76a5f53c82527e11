import { customType, timestamp } from 'drizzle-orm/pg-core';
import { openSampleStatuses } from '../../../shared/statistics.ts';

// Column helpers every area's tables share. Timestamps are timezone-aware; weights are grams.

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Statuses as a partial index's predicate lists them. */
export const statusList = (statuses: readonly string[]) => statuses.map((status) => `'${status}'`).join(', ');

export const openStatusList = statusList(openSampleStatuses);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
