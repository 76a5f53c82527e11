import { errorBodySchema } from './responses.ts';

/** The answer of an operation that draws a PDF (services/pdf-render.ts) when drawing it was stopped. */
export const pdfUnavailableResponse = {
  503: {
    description:
      'The PDF took longer than PDF_RENDER_SECONDS to draw (code pdfTooSlow) or needed more memory than a PDF worker has (pdfNeedsTooMuchMemory), and drawing it was stopped; nothing was changed. Try again when the server is less busy, or shorten the longest texts of the record',
    content: { 'application/json': { schema: errorBodySchema } },
  },
} as const;
