import { z } from '@hono/zod-openapi';
import type { AppEnv, AppRouter } from '../../http/context.ts';
import { envelope, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { sampleTimeline, verifyCustodyChain } from '../../services/custody/custody.ts';
import { findSample } from '../../services/samples/sample-transitions.ts';
import { assertSampleVisible } from '../../services/samples/sample-visibility.ts';
import { idParam, timeZoneQuery } from '../../http/params.ts';
import { timelineEventSchema } from '../../http/schemas/sample-schemas.ts';
import {
  custodyFileName,
  loadCustodyDocument,
  renderCustodyCsv,
  type CustodyDocument,
} from '../../services/custody/custody-document.ts';
import { contentDisposition } from '../../services/files.ts';
import { renderPdf } from '../../services/pdf-render.ts';
import { pdfUnavailableResponse } from '../../http/pdf-responses.ts';
import { chainProblems } from '../../services/custody/audit-verification.ts';

// Chain of custody: a sample's timeline, the same record as a PDF or CSV document, and the audit
// chain check.

/** Who may read a sample's chain of custody: the timeline and its documents alike. */
const CUSTODY_ACCESS = [
  'CanViewDetailSampleEntryCs',
  'CanViewDetailSampleEntryTester',
  'CanViewDetailSampleEntrySupervisor',
  'CanViewAllTransactionThirdLab',
] as const;

const documentQuery = z.object({
  lang: z
    .enum(['en', 'vi'], { error: 'Language must be en or vi' })
    .default('en')
    .openapi({ description: 'The language the record is written in' }),
  timeZone: timeZoneQuery('The time zone the record’s dates and times are written in'),
});

const documentRoute = (extension: 'pdf' | 'csv', type: string, what: string) =>
  defineRoute({
    method: 'get',
    path: `/api/sample-entries/{id}/custody.${extension}`,
    tags: ['Chain of custody'],
    summary: `The chain of custody of a sample as ${what}: every record with names, the audit chain's verdict and the record's hash`,
    access: [...CUSTODY_ACCESS],
    request: { params: idParam, query: documentQuery },
    responses: {
      200: {
        description: `The custody record as ${what}`,
        content: { [type]: { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...(extension === 'pdf' ? pdfUnavailableResponse : {}),
    },
  });

const pdfRouteDef = documentRoute('pdf', 'application/pdf', 'PDF');
const csvRouteDef = documentRoute('csv', 'text/csv', 'CSV');

const documentHeaders = (doc: CustodyDocument, extension: 'pdf' | 'csv', type: string) => ({
  'content-type': type,
  'content-disposition': contentDisposition(custodyFileName(doc, extension), 'attachment'),
  'x-content-type-options': 'nosniff',
  // The record grows with every step: never serve an older copy.
  'cache-control': 'no-store',
});

const timelineRouteDef = defineRoute({
  method: 'get',
  path: '/api/sample-entries/{id}/timeline',
  tags: ['Chain of custody'],
  summary: 'The chain of custody of a sample: who, when, action, from, to, what changed, why',
  access: [...CUSTODY_ACCESS],
  request: { params: idParam },
  responses: {
    200: {
      description: 'Timeline, oldest first',
      content: { 'application/json': { schema: envelope(z.array(timelineEventSchema)) } },
    },
  },
});

const verifyRouteDef = defineRoute({
  method: 'get',
  path: '/api/audit/verify',
  tags: ['Chain of custody'],
  summary:
    'Walk the whole hash chain of the audit records and hold it against its daily anchors; names the first record that does not hold',
  access: ['CanViewAllUser', 'CanConfirmFinalResult'],
  responses: {
    200: {
      description: 'Verdict',
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              valid: z.boolean(),
              checked: z.number().int().openapi({ description: 'Records checked' }),
              brokenAt: z.number().int().optional().openapi({ description: 'The first record that does not hold' }),
              problem: z.enum(chainProblems).optional().openapi({
                description:
                  "Why: a record's content no longer matches its hash (altered), its link to the one before is wrong (unlinked), it was sealed the old unkeyed way after keyed records (downgraded), the chain ends before a published anchor (truncated), or an anchor was not sealed with the chain key (anchorForged)",
              }),
            }),
          ),
        },
      },
    },
  },
});

/** The custody record as the signed-in reader asked for it: their permissions, language and time zone. */
function readersDocument(
  vars: AppEnv['Variables'],
  id: number,
  { lang, timeZone }: { lang: CustodyDocument['language']; timeZone?: string },
) {
  return loadCustodyDocument(vars.db, {
    id,
    permissions: vars.auth.permissions,
    language: lang,
    timeZone: timeZone ?? vars.deps.env.LAB_TIME_ZONE,
    printedBy: vars.auth.displayName,
  });
}

export function registerCustodyRoutes(app: AppRouter) {
  app.openapi(timelineRouteDef, async (c) => {
    const { id } = c.req.valid('param');
    assertSampleVisible(c.var.auth.permissions, await findSample(c.var.db, id));
    return ok(c, await sampleTimeline(c.var.db, id));
  });

  app.openapi(pdfRouteDef, async (c) => {
    const doc = await readersDocument(c.var, c.req.valid('param').id, c.req.valid('query'));
    // Drawn in a worker thread (pdf-render.ts): the translator is made anew there.
    const { t: _translator, ...data } = doc;
    const pdf = await renderPdf({ kind: 'custody', doc: data });
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      ...documentHeaders(doc, 'pdf', 'application/pdf'),
      'content-length': String(pdf.length),
    });
  });

  app.openapi(csvRouteDef, async (c) => {
    const doc = await readersDocument(c.var, c.req.valid('param').id, c.req.valid('query'));
    return c.body(renderCustodyCsv(doc), 200, documentHeaders(doc, 'csv', 'text/csv; charset=utf-8'));
  });

  app.openapi(verifyRouteDef, async (c) => {
    const verdict = await verifyCustodyChain(c.var.db);
    return ok(
      c,
      verdict,
      verdict.valid
        ? 'The chain of custody is intact.'
        : `The chain of custody is broken at record ${verdict.brokenAt}.`,
    );
  });
}
