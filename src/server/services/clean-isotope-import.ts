// The all-or-nothing import of a laboratory's own CSV or XLSX file of clean isotope reference
// records: its columns matched to ours (or mapped by hand), every row checked, then one upsert.
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import {
  cleanIsotopeColumns,
  importLimits,
  isotopeColumns,
  type CleanIsotopeRow,
} from '../../shared/schemas/clean-isotope.ts';
import type { Db, Executor } from '../db/client.ts';
import { cleanIsotopeRecord } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { appendAudit, type Actor } from './audit.ts';
import type { ImportJobInput, ImportJobMessage, RenamedRow } from './clean-isotope-import-job.ts';

export type ImportOptions = {
  file: File;
  /** Our column (or a further element's name) → the file's header. */
  mapping?: Record<string, string>;
  /** The material of every row, when the file has no material column. */
  material?: string;
  by: Actor;
};

export type { RowError } from './clean-isotope-import-job.ts';

/** Files being read now; past importLimits.concurrentReads an import is asked to wait a moment. */
let reading = 0;

/**
 * Reads and checks the file in a worker thread (clean-isotope-import-job.ts), so the server keeps
 * answering however large or hostile the file: the worker has a memory limit of its own and is
 * stopped after importLimits.readSeconds. Resolves with the good rows, or rejects with the 400 that
 * names what is wrong with the file.
 */
async function readInWorker(input: Omit<ImportJobInput, 'bytes'> & { file: File }) {
  if (reading >= importLimits.concurrentReads)
    throw new AppError('TOO_MANY_REQUESTS', 'importsBusy', { count: importLimits.concurrentReads });
  reading++;
  try {
    const bytes = await input.file.arrayBuffer();
    const job: ImportJobInput = { bytes, mapping: input.mapping, material: input.material };
    return await new Promise<{ rows: CleanIsotopeRow[]; rowCount: number; renamed: RenamedRow[] }>(
      (resolve, reject) => {
        const rows: CleanIsotopeRow[] = [];
        let settled = false;
        const worker = new Worker(new URL('./clean-isotope-import-worker.mjs', import.meta.url), {
          workerData: { job: 'readImportFile', input: job },
          transferList: [bytes],
          resourceLimits: { maxOldGenerationSizeMb: importLimits.readerMemoryMiB },
        });
        const settle = (finish: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          finish();
        };
        const timer = setTimeout(
          () =>
            settle(() =>
              reject(
                badRequest(
                  'importTooSlow',
                  { seconds: importLimits.readSeconds },
                  { file: `Reading the file took longer than ${importLimits.readSeconds} seconds` },
                ),
              ),
            ),
          importLimits.readSeconds * 1000,
        );
        worker.on('message', (message: ImportJobMessage) => {
          if (message.kind === 'rows') rows.push(...message.rows);
          else if (message.kind === 'read')
            settle(() => resolve({ rows, rowCount: message.rowCount, renamed: message.renamed }));
          else {
            const { kind, code, params, errors, data } = message.error;
            settle(() => reject(new AppError(kind, code, params, { errors, data })));
          }
        });
        worker.once('error', (error: Error & { code?: string }) =>
          settle(() =>
            reject(
              error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? badRequest(
                    'importNeedsTooMuchMemory',
                    { mib: importLimits.readerMemoryMiB },
                    { file: `Reading the file needs more than ${importLimits.readerMemoryMiB} MiB` },
                  )
                : error,
            ),
          ),
        );
        worker.once('exit', (code) =>
          settle(() => reject(new Error(`the import reader stopped with code ${code} before it finished`))),
        );
      },
    );
  } finally {
    reading--;
  }
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
