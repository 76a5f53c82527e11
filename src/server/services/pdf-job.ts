// Runs in a PDF worker thread (pdf-worker.mjs, started by pdf-render.ts): drawing a PDF lays out
// every line of text with the embedded fonts and, for a certificate, signs it; with long fields that
// is seconds of work the server's event loop must not wait for. The worker stays up between
// documents (its fonts are read once) and takes one job at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import type { CertificateContent } from '../../shared/certificate.ts';
import type { LabelContent, LabelLayout } from '../../shared/labels.ts';
import { renderCertificatePdf } from './certificates/certificate-pdf.ts';
import { renderCustodyPdf, withCustodyWords, type CustodyDocumentData } from './custody/custody-document.ts';
import { renderLabelsPdf } from './samples/labels.ts';
import { embedUnicodeFonts } from './documents/pdf-fonts.ts';
import type { SigningIdentity } from './documents/pdf-signing.ts';

export type PdfJob =
  | {
      kind: 'certificate';
      content: CertificateContent;
      verifyUrl: string;
      /** The laboratory's time zone (LAB_TIME_ZONE): the worker has no settings of its own. */
      timeZone: string;
      signing: SigningIdentity;
    }
  // A custody record's and the labels' dates travel already written in the laboratory's time zone.
  | { kind: 'custody'; doc: CustodyDocumentData }
  | { kind: 'labels'; labels: LabelContent[]; layout: LabelLayout };

/** What the worker answers: that it is ready (once), then for job `id` the PDF, or why drawing it failed. */
export type PdfJobAnswer = { ready: true } | { id: number; pdf: Uint8Array } | { id: number; failed: string };

export function renderPdfJob(job: PdfJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'certificate':
      return renderCertificatePdf(job.content, job.verifyUrl, job.timeZone, job.signing);
    case 'custody':
      return renderCustodyPdf(withCustodyWords(job.doc));
    case 'labels':
      return renderLabelsPdf(job.labels, job.layout);
  }
}

if (parentPort && workerData?.job === 'renderPdf') {
  const port = parentPort;
  // The fonts are read before the first document, whose time budget then covers only its drawing.
  await embedUnicodeFonts(await PDFDocument.create());
  port.postMessage({ ready: true } satisfies PdfJobAnswer);
  port.on('message', ({ id, job }: { id: number; job: PdfJob }) => {
    renderPdfJob(job).then(
      (drawn) => {
        // A copy of its own to hand over: a small Buffer may share its memory with others.
        const pdf = new Uint8Array(drawn);
        port.postMessage({ id, pdf } satisfies PdfJobAnswer, [pdf.buffer]);
      },
      (error: unknown) =>
        port.postMessage({ id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}
