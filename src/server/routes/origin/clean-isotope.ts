import { z } from '@hono/zod-openapi';
import { importLimits, importMappingSchema } from '../../../shared/schemas/clean-isotope.ts';
import type { AppRouter } from '../../http/context.ts';
import { badRequest } from '../../errors.ts';
import { cleanIsotopeRecordSchema } from '../../http/schemas/clean-isotope-record.ts';
import { envelope, listQuery, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { importCleanIsotopes } from '../../services/origin/clean-isotope-import.ts';
import { exportCleanIsotopesCsv, listCleanIsotopes } from '../../services/origin/clean-isotope.ts';
import { contentDisposition } from '../../services/files.ts';
import { prepareOriginModels } from '../../services/origin/origin-models.ts';
import { setRegionCountry } from '../../services/origin/region-countries.ts';

// Clean isotope reference data, "Isotope LMD" in the menu.

const filterText = z.string().trim().max(200).optional();
const filters = {
  sampleCode: filterText,
  classify: filterText,
  verifiedBy: filterText,
  countryCode: filterText,
  material: filterText,
  region: filterText,
};

const listRoute = defineRoute({
  method: 'get',
  path: '/api/clean-isotope',
  tags: ['Clean isotope'],
  summary: 'The clean isotope reference records, filtered and paged',
  access: ['CanViewAllCleanSample'],
  request: { query: z.object({ ...listQuery, ...filters }) },
  responses: {
    200: {
      description: 'A page of reference records',
      content: { 'application/json': { schema: envelope(pageOf(cleanIsotopeRecordSchema)) } },
    },
  },
});

const rowErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

const importForm = z.object({
  file: z
    .custom<File>((value) => value instanceof File, 'Choose a CSV or XLSX file')
    .openapi({
      type: 'string',
      format: 'binary',
      description: `CSV or XLSX, at most ${importLimits.fileBytes / 1024 / 1024} MiB`,
    }),
  mapping: z.string().max(10_000).optional().openapi({
    description: 'JSON object: our column (or a further element name) → the header in your file',
    example: '{"sampleCode":"sample_ID","region":"cluster_location","latitude":"lat","longitude":"lon"}',
  }),
  material: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ description: 'Material of every row, when the file has none' }),
});

const importRoute = defineRoute({
  method: 'post',
  path: '/api/clean-isotope/import',
  tags: ['Clean isotope'],
  summary: 'Import reference records from a CSV or XLSX file, all or nothing (re-imported sample codes are updated)',
  access: ['CanImportCleanSample'],
  bodyLimit: importLimits.fileBytes + 64 * 1024,
  request: { body: { content: { 'multipart/form-data': { schema: importForm } }, required: true } },
  responses: {
    200: {
      description: 'The import counts',
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              created: z.number().int(),
              updated: z.number().int(),
              total: z.number().int(),
              renamed: z.array(z.object({ row: z.number().int(), from: z.string(), to: z.string() })).openapi({
                description: 'Rows whose sample code repeats an earlier row of the file, numbered #2, #3…',
              }),
              materials: z.array(z.string()),
              elements: z.array(z.string()),
            }),
          ),
        },
      },
    },
    413: { description: 'The file is too large' },
    400: {
      description:
        'A file past a limit (its code names which: importTooManyRows, importTooManyColumns, importCellTooLong, ' +
        'importSheetTooLarge, xlsxUnpacksTooLarge, xlsxPackedTooTightly, xlsxTooManyParts, importTooSlow, ' +
        'importNeedsTooMuchMemory; errors.file says it in words), a mapping that does not fit, or bad rows: ' +
        'errors keyed rows.<row>.<column>, and data.rowErrors; nothing was changed',
      content: {
        'application/json': {
          schema: z.object({
            result: z.literal(false),
            message: z.string(),
            errors: z.record(z.string(), z.string()).optional(),
            data: z
              .object({ rowErrors: z.array(rowErrorSchema), errorCount: z.number().int(), rowCount: z.number().int() })
              .optional(),
          }),
        },
      },
    },
  },
});

const regionCountryRoute = defineRoute({
  method: 'put',
  path: '/api/clean-isotope/region-country',
  tags: ['Clean isotope'],
  summary: 'Name the country (ISO code) a region of a reference set belongs to, or clear it (null)',
  access: ['CanImportCleanSample'],
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            material: z.string().trim().min(1, 'Material is required').max(100),
            region: z.string().trim().min(1, 'Region is required').max(200),
            countryCode: z
              .string()
              .trim()
              .regex(/^[A-Za-z]{2,3}$/, 'A country code has 2 or 3 letters')
              .nullable(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "The region's records now name this country",
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              material: z.string(),
              region: z.string(),
              countryCode: z.string().nullable(),
              updated: z.number().int(),
            }),
          ),
        },
      },
    },
    404: { description: 'No such material or region' },
  },
});

const exportRoute = defineRoute({
  method: 'post',
  path: '/api/clean-isotope/export-csv',
  tags: ['Clean isotope'],
  summary: 'The filtered reference records as a CSV download; `path` names the file',
  access: ['CanExportCleanSample'],
  request: {
    query: z.object({
      path: z.string().trim().max(200).optional().openapi({ description: 'The download name (".csv" is added)' }),
      search: listQuery.search,
      orderBy: listQuery.orderBy,
      ...filters,
    }),
  },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
  },
});

function parseMapping(text: string | undefined): Record<string, string> | undefined {
  if (!text?.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('mappingNotJson', {}, { mapping: 'Mapping must be a JSON object' });
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw badRequest('mappingInvalid', {}, { mapping: parsed.error.issues[0]!.message });
  return parsed.data;
}

/** A safe download name: letters, digits and a few marks, ending in .csv. */
function downloadName(path: string | undefined): string {
  const base = (path ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.csv$/i, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '_')
    .trim();
  return `${base || 'isotope-clean-data'}.csv`;
}

export function registerCleanIsotopeRoutes(app: AppRouter) {
  app.openapi(listRoute, async (c) => ok(c, await listCleanIsotopes(c.var.db, c.req.valid('query'))));

  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    const summary = await importCleanIsotopes(c.var.db, {
      file: form.file,
      mapping: parseMapping(form.mapping),
      material: form.material || undefined,
      by: c.var.auth,
    });
    // The new version of each reference set is fitted once it has committed, not when its first analyst asks.
    c.var.afterCommit.push(() => prepareOriginModels(c.var.deps.database.db, summary.materials));
    return ok(c, summary, `${summary.total} record(s) imported: ${summary.created} new, ${summary.updated} updated.`);
  });

  app.openapi(regionCountryRoute, async (c) => {
    const result = await setRegionCountry(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    c.var.afterCommit.push(() => prepareOriginModels(c.var.deps.database.db, [result.material]));
    return ok(c, result, `${result.region}: ${result.countryCode ?? '—'}`);
  });

  app.openapi(exportRoute, async (c) => {
    const query = c.req.valid('query');
    const csv = await exportCleanIsotopesCsv(c.var.db, query);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': contentDisposition(downloadName(query.path), 'attachment'),
      'cache-control': 'no-store',
    });
  });
}
