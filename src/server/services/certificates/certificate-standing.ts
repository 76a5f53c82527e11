import { sql } from 'drizzle-orm';

// Whether a sample's certificate in force is revoked, read beside the sample wherever its status is
// shown (lists, the detail, the booking): the screens word such a Completed sample "Certificate
// revoked" (shared/certificate.ts, sampleStatusWord). The version in force is the one no other
// replaced; a revoked version keeps its status when it is replaced.

// Written with the qualified name: drizzle leaves columns unqualified in one-table selects.
export const certificateRevokedSql = sql<boolean>`exists (
  select 1 from certificate c
  where c.sample_entry_id = "sample_entry"."id" and c.status = 'Revoked' and c.superseded_by_id is null
)`;
