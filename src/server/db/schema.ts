// One schema for every entity of the specification. Later work extends these tables
// rather than adding parallel ones. Timestamps are timezone-aware; weights are grams.
// Each area's tables live in schema/ (one file per area); this file gathers them for the server,
// the tests and drizzle-kit (drizzle.config.ts reads this file, so migrations see every table).

export * from './schema/accounts.ts';
export * from './schema/bookings.ts';
export * from './schema/samples.ts';
export * from './schema/notifications.ts';
export * from './schema/records.ts';
export * from './schema/client-portal.ts';
export * from './schema/measurement.ts';
export * from './schema/qc.ts';
export * from './schema/proficiency.ts';
