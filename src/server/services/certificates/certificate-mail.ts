import { eq } from 'drizzle-orm';
import { certificateUrl, type CertificateContent } from '../../../shared/certificate.ts';
import { formatDayInTimeZone } from '../../../shared/display-date.ts';
import type { Executor } from '../../db/client.ts';
import { booking } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { appendAudit, type Actor } from '../custody/audit.ts';
import { CERTIFICATE_ENTITY, describeCertificate, findVersion } from './certificates.ts';
import { clientWords } from '../client-portal/client-words.ts';
import type { Mailer } from '../messaging/outbound-mail.ts';
import { lockSample } from '../samples/sample-transitions.ts';

/**
 * Sends a certificate to the client's report address (the booking's "e-mail the report to", else its
 * e-mail) with the verification address, through the outbound mail like every other mail: recorded
 * in this transaction with its audit record, delivered over SMTP once the request has committed.
 */
export async function sendCertificate(
  db: Executor,
  mailer: Mailer,
  { id, version, by, baseUrl, timeZone }: { id: number; version: number; by: Actor; baseUrl: string; timeZone: string },
) {
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    const row = await findVersion(tx, sample.id, version);
    if (!row) throw notFound('unknownCertificate');
    const [client] = sample.bookingId
      ? await tx
          .select({
            person: booking.applicantContactPerson,
            email: booking.email,
            reportTo: booking.emailReportToEmail,
            language: booking.language,
          })
          .from(booking)
          .where(eq(booking.id, sample.bookingId))
      : [];
    const to = client?.reportTo?.trim() || client?.email?.trim();
    if (!to) throw conflict('noReportAddress', { idflNumber: sample.idflNumber });
    const url = certificateUrl(baseUrl, row.token);
    // In the language the booking was made in.
    const words = clientWords(client?.language);
    const w = (key: string, params?: Record<string, string | number>) => words(`mail.certificate.${key}`, params);
    const standing =
      row.status === 'Valid'
        ? w('valid')
        : row.status === 'Revoked'
          ? row.revokeReason
            ? w('revokedBecause', { reason: row.revokeReason })
            : w('revoked')
          : w('superseded');
    const date = formatDayInTimeZone(row.issuedAt.toISOString(), client?.language ?? 'en', timeZone);
    await mailer.send(tx, {
      to,
      subject: w('subject', { idflNumber: sample.idflNumber, version: row.version }),
      text: [
        client?.person ? words('mail.dearClient', { name: client.person }) : words('mail.dearCustomer'),
        '',
        `${w('issued', { idflNumber: sample.idflNumber, version: row.version, date })} ${standing}`,
        '',
        w('checkIt'),
        url,
        '',
        // Signed by the laboratory the certificate itself names.
        (row.content as CertificateContent).laboratoryName,
      ].join('\n'),
    });
    await appendAudit(tx, {
      entityType: CERTIFICATE_ENTITY,
      entityId: row.id,
      action: 'sendCertificate',
      changes: { sentTo: { from: null, to } },
      actor: by,
    });
    return { ...describeCertificate(row), sentTo: to };
  });
}
