import { date, doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { MeasuredElement } from '../../../shared/measurement/measurement.ts';
import type { ProficiencyOutcome } from '../../../shared/measurement/measurement-uncertainty.ts';
import { createdAt } from './columns.ts';
import { appUser } from './accounts.ts';

// Proficiency tests: the laboratory's results in interlaboratory comparison rounds, one row per
// element of a round, with the z-score the server computed (docs/quality-control.md). Never edited:
// a correction is a new row.

export const proficiencyTest = pgTable(
  'proficiency_test',
  {
    id: serial('id').primaryKey(),
    scheme: text('scheme').notNull(),
    round: text('round'),
    roundDate: date('round_date').notNull(),
    material: text('material').notNull(),
    element: text('element').$type<MeasuredElement>().notNull(),
    assignedValue: doublePrecision('assigned_value').notNull(),
    laboratoryValue: doublePrecision('laboratory_value').notNull(),
    /** σp, the standard deviation for proficiency assessment (the element's default when the scheme gave none). */
    sigma: doublePrecision('sigma').notNull(),
    z: doublePrecision('z').notNull(),
    outcome: text('outcome').$type<ProficiencyOutcome>().notNull(),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => appUser.id),
    createdAt: createdAt(),
  },
  // The history per element, newest round first (the list, the CSV, the certificate's last satisfactory round).
  (t) => [index('proficiency_test_element_round').on(t.element, t.roundDate, t.id)],
);
