import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { labelLayouts } from '../../../shared/labels.ts';
import type { AppEnv, AppRouter } from '../../http/context.ts';
import { defineRoute } from '../../http/route.ts';
import { contentDisposition } from '../../services/files.ts';
import { loadLabels, type LabelSource } from '../../services/samples/labels.ts';
import { renderPdf } from '../../services/pdf-render.ts';
import { pdfUnavailableResponse } from '../../http/pdf-responses.ts';
import { idParam } from '../../http/params.ts';

// QR labels as PDF: one sample, every sample of a booking, or a dispatch batch's samples.

const LABEL_ACCESS = [
  'CanViewDetailSampleEntryCs',
  'CanViewDetailSampleEntryTester',
  'CanViewAllDispatchBatch',
  'CanViewDetailBooking',
] as const;

const layoutQuery = z.object({
  layout: z
    .enum(labelLayouts, { error: 'Layout must be label or a4' })
    .default('label')
    .openapi({ description: 'label: one 62 × 29 mm label per page; a4: a sheet of 3 × 8 labels' }),
});

const pdfAnswer = {
  200: {
    description: 'The labels as PDF',
    content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  },
  404: { description: 'Not found' },
  ...pdfUnavailableResponse,
};

const labelRoute = (kind: LabelSource['kind'], what: string) =>
  defineRoute({
    method: 'get',
    path: `/api/labels/${kind}/{id}`,
    tags: ['Labels'],
    summary: `QR labels (IDFL number, sample code, date) of ${what}, as PDF`,
    access: [...LABEL_ACCESS],
    request: { params: idParam, query: layoutQuery },
    responses: pdfAnswer,
  });

const sampleRoute = labelRoute('sample', 'one sample entry');
const bookingRoute = labelRoute('booking', 'every sample entry of a booking');
const batchRoute = labelRoute('dispatch-batch', 'every sample entry in a dispatch batch');

async function answerLabels(c: Context<AppEnv>, source: LabelSource, layout: 'label' | 'a4') {
  const { labels, name } = await loadLabels(c.var.db, source, c.var.auth.permissions, c.var.deps.env.LAB_TIME_ZONE);
  const pdf = await renderPdf({ kind: 'labels', labels: [...labels], layout });
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
    'content-type': 'application/pdf',
    'content-length': String(pdf.length),
    'content-disposition': contentDisposition(name),
    'x-content-type-options': 'nosniff',
    // Labels follow the sample's data (its code may be corrected): never serve a stale one.
    'cache-control': 'no-store',
  });
}

export function registerLabelRoutes(app: AppRouter) {
  app.openapi(sampleRoute, (c) =>
    answerLabels(c, { kind: 'sample', id: c.req.valid('param').id }, c.req.valid('query').layout),
  );
  app.openapi(bookingRoute, (c) =>
    answerLabels(c, { kind: 'booking', id: c.req.valid('param').id }, c.req.valid('query').layout),
  );
  app.openapi(batchRoute, (c) =>
    answerLabels(c, { kind: 'dispatch-batch', id: c.req.valid('param').id }, c.req.valid('query').layout),
  );
}
