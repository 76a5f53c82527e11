// The all-or-nothing import of a laboratory's own CSV or XLSX file of clean isotope reference
// records: its columns matched to ours (or mapped by hand), every row checked, then one upsert.
import { sql } from 'drizzle-orm';
import { cleanIsotopeColumns, isotopeColumns, type CleanIsotopeRow } from '../../../shared/schemas/clean-isotope.ts';
import type { Db, Executor } from '../../db/client.ts';
import { cleanIsotopeRecord } from '../../db/schema.ts';
import { appendAudit, type Actor } from '../custody/audit.ts';
import type { ImportJobInput, ImportJobMessage, RenamedRow } from './clean-isotope-import-job.ts';
import { readFileInWorker } from '../documents/file-reader-worker.ts';

export type ImportOptions = {
  file: File;
  /** Our column (or a further element's name) → the file's header. */
  mapping?: Record<string, string>;
  /** The material of every row, when the file has no material column. */
  material?: string;
  by: Actor;
};

/**
 * Reads and checks the file in a worker thread (clean-isotope-import-job.ts, under the limits in
 * file-reader-worker.ts). Resolves with the good rows, or rejects with the 400 that names what is
 * wrong with the file.
 */
function readInWorker({ file, mapping, material }: Omit<ImportJobInput, 'bytes'> & { file: File }) {
  const rows: CleanIsotopeRow[] = [];
  return readFileInWorker<
    Exclude<ImportJobMessage, { kind: 'refused' }>,
    { rows: CleanIsotopeRow[]; rowCount: number; renamed: RenamedRow[] }
  >({
    file,
    entry: new URL('./clean-isotope-import-worker.mjs', import.meta.url),
    workerData: (bytes) => ({ job: 'readImportFile', input: { bytes, mapping, material } satisfies ImportJobInput }),
    receive: (message) => {
      if (message.kind === 'rows') {
        rows.push(...message.rows);
        return undefined;
      }
      return { done: { rows, rowCount: message.rowCount, renamed: message.renamed } };
    },
  });
}

const IMPORT_CHUNK = 500;

/**
 * Imports a laboratory's file as it is: all rows or none. Rows are matched to existing records by
 * material and sample code (a re-import updates them). A bad file answers 400 with every bad row's
 * number, column and reason (up to a limit) and changes nothing.
 */
export async function importCleanIsotopes(db: Db | Executor, { file, mapping, material, by }: ImportOptions) {
  const { rows, renamed } = await readInWorker({ file, mapping: mapping ?? {}, material });
  const summary = await db.transaction(async (tx) => {
    // A material already on file keeps its spelling, whatever case the file uses.
    const materials = await canonicalMaterials(tx, [...new Set(rows.map((r) => r.material))]);
    let created = 0;
    for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
      const values = rows.slice(start, start + IMPORT_CHUNK).map((r) => ({
        ...r,
        material: materials.get(r.material.toLowerCase()) ?? r.material,
        updatedAt: new Date(),
      }));
      const result = await tx
        .insert(cleanIsotopeRecord)
        .values(values)
        .onConflictDoUpdate({
          target: [cleanIsotopeRecord.material, cleanIsotopeRecord.sampleCode],
          set: Object.fromEntries(
            [
              ...cleanIsotopeColumns.filter((c) => c !== 'material' && c !== 'sampleCode'),
              'otherElements',
              'updatedAt',
            ].map((c) => [c, sql.raw(`excluded."${toColumnName(c)}"`)]),
          ),
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      created += result.filter((r) => r.inserted).length;
    }
    const summary = {
      created,
      updated: rows.length - created,
      total: rows.length,
      renamed,
      materials: [...new Set(rows.map((r) => materials.get(r.material.toLowerCase()) ?? r.material))],
      elements: [
        ...isotopeColumns.filter((c) => rows.some((r) => r[c] !== null)),
        ...new Set(rows.flatMap((r) => Object.keys(r.otherElements))),
      ],
    };
    await appendAudit(tx, {
      entityType: 'clean_isotope_record',
      entityId: summary.materials.join(', '),
      action: 'imported',
      changes: {
        file: { from: null, to: file.name },
        created: { from: null, to: summary.created },
        updated: { from: null, to: summary.updated },
      },
      actor: by,
    });
    return summary;
  });
  return summary;
}

function toColumnName(field: string): string {
  const column = cleanIsotopeRecord[field as keyof typeof cleanIsotopeRecord.$inferSelect];
  return (column as unknown as { name: string }).name;
}

async function canonicalMaterials(db: Executor, materials: readonly string[]) {
  const found = new Map<string, string>();
  if (materials.length === 0) return found;
  const rows = await db
    .selectDistinct({ material: cleanIsotopeRecord.material })
    .from(cleanIsotopeRecord)
    .where(
      sql`lower(${cleanIsotopeRecord.material}) IN (${sql.join(
        materials.map((m) => sql`${m.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  for (const r of rows) found.set(r.material.toLowerCase(), r.material);
  return found;
}
