// A certificate's PDF as it leaves the laboratory. A revoked one is marked as such wherever it is
// served (staff download, My orders, any stored-file link): a copy saved or printed after the
// revocation must not pass for a valid one. The stored PDF stays as it was issued; the mark is drawn
// over it as it leaves.
import { eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { CertificateContent } from '../../../shared/certificate.ts';
import { formatDayInTimeZone } from '../../../shared/display-date.ts';
import type { Executor } from '../../db/client.ts';
import { certificate } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Certificate } from './certificates.ts';
import { findByToken } from './certificate-verification.ts';
import { loadFile } from '../files.ts';
import { clientWords } from '../client-portal/client-words.ts';
import { embedUnicodeFonts, wrapText } from '../documents/pdf-fonts.ts';

const RED = rgb(0.75, 0.05, 0.05);

/** The word across every page: the same in both languages, so any reader and any search finds it. */
const REVOKED_MARK = 'REVOKED';

async function stampRevoked(
  bytes: Uint8Array,
  {
    revokedAt,
    reason,
    language,
    timeZone,
  }: {
    revokedAt: Date | null;
    reason: string | null;
    language?: string | null;
    /** The laboratory's time zone (LAB_TIME_ZONE): the day of revocation is the laboratory's, as the certificate's own days are. */
    timeZone: string;
  },
): Promise<Uint8Array> {
  const lang = language === 'vi' ? 'vi' : 'en';
  const words = clientWords(lang);
  const pdf = await PDFDocument.load(bytes);
  const mark = await pdf.embedFont(StandardFonts.HelveticaBold);
  const banner = words('pdf.revokedBanner', {
    date: revokedAt ? formatDayInTimeZone(revokedAt.toISOString(), lang, timeZone) : '—',
    reason: reason?.trim() || '—',
  });
  const { bold } = await embedUnicodeFonts(pdf, banner);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.min((0.8 * width) / mark.widthOfTextAtSize(REVOKED_MARK, 1), height / 6);
    const textWidth = mark.widthOfTextAtSize(REVOKED_MARK, size);
    // Across the middle of the page, over the results, in a light red the text stays legible under.
    // Level, not slanted: a text search or a screen reader reads slanted letters as scattered fragments.
    page.drawText(REVOKED_MARK, {
      x: (width - textWidth) / 2,
      y: height / 2 - size / 3,
      size,
      font: mark,
      color: RED,
      opacity: 0.3,
    });
    // The date and reason in a band at the top, in the certificate's language.
    const lines = wrapText(banner, bold, 9, width - 60);
    const bandHeight = 10 + lines.length * 11;
    page.drawRectangle({ x: 0, y: height - bandHeight, width, height: bandHeight, color: rgb(1, 0.92, 0.92) });
    lines.forEach((line, i) => bold.draw(page, line, { x: 30, y: height - 14 - i * 11, size: 9, color: RED }));
  }
  return pdf.save();
}

export async function loadCertificateFile(db: Executor, token: string, timeZone: string) {
  const row = await findByToken(db, token);
  if (!row.fileId) throw notFound('certificateHasNoPdf');
  return asServed(row, await loadFile(db, row.fileId), timeZone);
}

type StoredFile = Awaited<ReturnType<typeof loadFile>>;

/** The PDF as it may leave the laboratory: a revoked version carries REVOKED across every page. */
async function asServed(row: Certificate, file: StoredFile, timeZone: string): Promise<StoredFile> {
  if (row.status !== 'Revoked') return file;
  const content = row.content as unknown as CertificateContent;
  const data = await stampRevoked(new Uint8Array(file.data), {
    revokedAt: row.revokedAt,
    reason: row.revokeReason,
    language: content.language,
    timeZone,
  });
  return { ...file, data: Buffer.from(data) };
}

/**
 * A stored file as served by its id: a certificate's PDF goes out as its certificate stands now
 * (marked when revoked), and `isCertificate` tells the route not to let caches keep it.
 */
export async function storedFileAsServed(db: Executor, file: StoredFile, timeZone: string) {
  const [row] = await db.select().from(certificate).where(eq(certificate.fileId, file.id)).limit(1);
  return { file: row ? await asServed(row, file, timeZone) : file, isCertificate: !!row };
}
