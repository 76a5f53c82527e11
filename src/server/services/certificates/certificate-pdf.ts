// The certificate of analysis as a PDF: A4, one page where it fits, carrying what ISO/IEC 17025
// §7.8 asks of a test report, the origin analysis' verdict with its decision rules, and the QR code
// of the public verification page.
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { describeClient, formatDelta, type CertificateContent } from '../../../shared/certificate.ts';
import { elementScales, type MeasuredElement } from '../../../shared/measurement/measurement.ts';
import { roleLabel } from '../../../shared/role-labels.ts';
import { formatDayInTimeZone } from '../../../shared/display-date.ts';
import { isAtypicalPrediction } from '../../../shared/origin-prediction.ts';
import { isotopeFields, uncertaintyFields } from '../../../shared/schemas/third-lab.ts';
import { originLines, percent } from './certificate-origin-lines.ts';
import { clientWords } from '../client-portal/client-words.ts';
import { fitText, renderQrPng } from '../samples/labels.ts';
import { embedUnicodeFonts, wrapText } from '../documents/pdf-fonts.ts';
import { addSignaturePlaceholder, saveSigned, type SigningIdentity } from '../documents/pdf-signing.ts';

const BRAND = rgb(0.09, 0.33, 0.45);
const MUTED = rgb(0.4, 0.4, 0.4);

/**
 * The certificate of analysis as an A4 PDF (one page where it fits), with the verification QR code;
 * signed with the laboratory's key when `signing` is given (as every issued certificate is).
 */
export async function renderCertificatePdf(
  content: CertificateContent,
  verifyUrl: string,
  timeZone: string,
  signing?: SigningIdentity,
): Promise<Uint8Array> {
  // In the booking's language; certificates issued before it was kept are English.
  const language = content.language === 'vi' ? 'vi' : 'en';
  const words = clientWords(language);
  // The laboratory's days (LAB_TIME_ZONE), as the verification page shows them; a calendar date stays that date.
  const formatDay = (iso: string | null | undefined) => formatDayInTimeZone(iso, language, timeZone) || '—';
  const pdf = await PDFDocument.create();
  pdf.setTitle(words('pdf.documentTitle', { idflNumber: content.idflNumber, version: content.version }));
  pdf.setAuthor(content.laboratoryName);
  pdf.setCreator(content.laboratoryName);
  const { regular, bold } = await embedUnicodeFonts(pdf, certificateText(content));
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 42;
  const footer = 36;
  let page: PDFPage = pdf.addPage([pageWidth, pageHeight]);
  const text = (value: string, x: number, y: number, size: number, font = regular, color = rgb(0, 0, 0)) =>
    font.draw(page, value, { x, y, size, color });

  // Branding band
  page.drawRectangle({ x: 0, y: pageHeight - 70, width: pageWidth, height: 70, color: BRAND });
  text(content.laboratoryName, margin, pageHeight - 36, 20, bold, rgb(1, 1, 1));
  text(
    content.laboratoryAddress ?? words('pdf.labSubtitle'),
    margin,
    pageHeight - 56,
    9,
    regular,
    rgb(0.85, 0.92, 0.95),
  );

  let y = pageHeight - 94;
  text(words('pdf.title'), margin, y, 16, bold, BRAND);
  y -= 14;
  const versionLine = words('pdf.reportLine', {
    idflNumber: content.idflNumber,
    version: `${content.version}${content.supersedesVersion ? words('pdf.supersedes', { version: content.supersedesVersion }) : ''}`,
    date: formatDay(content.issuedAt),
  });
  text(versionLine, margin, y, 9, regular, MUTED);
  y -= 16;
  // An amendment names the version it replaces and why (ISO/IEC 17025 §7.8.8), where it is read first.
  if (content.supersedesVersion && content.amendmentReason) {
    const amends = words('pdf.amends', { version: content.supersedesVersion, reason: content.amendmentReason });
    for (const line of wrapText(amends, bold, 9, pageWidth - 2 * margin)) {
      text(line, margin, y + 4, 9, bold);
      y -= 12;
    }
    y -= 4;
  }

  const labelWidth = 130;
  const valueWidth = pageWidth - 2 * margin - labelWidth;
  const size = 8.5;
  const lineHeight = 10.5;
  const newPageIfNeeded = (needed: number, bottom: number) => {
    if (y - needed >= bottom) return;
    page = pdf.addPage([pageWidth, pageHeight]);
    y = pageHeight - margin;
  };
  const heading = (title: string) => {
    newPageIfNeeded(30, footer + 160);
    y -= 4;
    text(title, margin, y, 10, bold, BRAND);
    y -= 13;
  };
  const row = (label: string, value: string) => {
    // A long label (the Vietnamese ones are) wraps within its column instead of running into the value.
    const labelLines = wrapText(label, bold, size, labelWidth - 8);
    const lines = wrapText(value, regular, size, valueWidth);
    const height = Math.max(labelLines.length, lines.length);
    newPageIfNeeded(height * lineHeight + 2, footer + 20);
    labelLines.forEach((line, i) => text(line, margin, y - i * lineHeight, size, bold, MUTED));
    lines.forEach((line, i) => text(line, margin + labelWidth, y - i * lineHeight, size));
    y -= height * lineHeight + 2;
  };

  heading(words('pdf.clientAndItem'));
  row(words('pdf.client'), describeClient(content) ?? '-');
  row(words('pdf.clientAddress'), content.clientAddress || '-');
  if (content.bookingNumber) row(words('pdf.bookingNumber'), content.bookingNumber);
  row(words('pdf.item'), content.itemDescription || content.sampleCode || '-');
  // The item in the client's own words, as the order form took them (ISO/IEC 17025 §7.8.2.1 e).
  if (content.clientDescription) row(words('pdf.clientDescription'), content.clientDescription);
  row(words('pdf.sampleType'), content.sampleType ?? '-');
  row(words('pdf.idflNumber'), content.idflNumber);
  row(words('pdf.receivedDate'), formatDay(content.receivedDate));
  if (content.receivedCondition || content.receiptNote) {
    const condition = content.receivedCondition ? words(`samples:receivedConditions.${content.receivedCondition}`) : '';
    row(words('pdf.condition'), [condition, content.receiptNote?.trim()].filter(Boolean).join(': '));
  }
  row(words('pdf.measuredDate'), formatDay(content.measuredDate));
  row(words('pdf.issuedDate'), formatDay(content.issuedAt));

  heading(words('pdf.method'));
  const origin = content.origin;
  row(
    words('pdf.isotopeRatios'),
    // The laboratory is stored by the name of its role (hoanVuLab): named by the role's label.
    words('pdf.isotopeMethod', {
      lab: content.externalLaboratory ? roleLabel(content.externalLaboratory, words) : words('pdf.notNamed'),
    }),
  );
  row(
    words('pdf.originAssessment'),
    origin
      ? words('pdf.modelLine', {
          model: origin.modelName,
          version: origin.modelVersion,
          date: formatDay(origin.analysisDate),
        })
      : words('pdf.notByModel'),
  );
  if (origin) {
    const set = origin.referenceSet;
    row(
      words('pdf.referenceSet'),
      words('pdf.referenceLine', {
        material: set.material,
        records: set.recordCount,
        regions: set.regionCount,
        version: set.version,
      }),
    );
    row(
      words('pdf.performance'),
      origin.validation
        ? words('pdf.performanceLine', {
            accuracy: percent(origin.validation.accuracy),
            logLoss: origin.validation.logLoss.toFixed(3),
            method: origin.validation.method,
            count: origin.validation.sampleCount,
          })
        : words('pdf.noReport'),
    );
  }

  heading(words('pdf.results'));
  const results = content.results;
  const measurement = content.measurement;
  // A value from the laboratory's own runs carries the laboratory's U (or says it has none yet); a
  // value entered by hand, the measuring laboratory's ± as it reported it.
  const ownLine = (element: MeasuredElement) => measurement?.elements.find((e) => e.element === element);
  const delta = (element: MeasuredElement, value: number | null | undefined, reportedU: number | null | undefined) => {
    const own = value == null ? undefined : ownLine(element);
    if (!own) return formatDelta(value ?? null, reportedU);
    return own.expanded === null
      ? words('pdf.valueUncertaintyNotEstablished', { value: value!.toFixed(2), scale: own.scale })
      : words('pdf.valueWithUncertainty', {
          value: value!.toFixed(2),
          u: own.expanded.toFixed(2),
          scale: own.scale,
          k: own.coverageFactor,
        });
  };
  row('δ¹³C ‰ VPDB', delta('carbon', results.carbon, results.carbonUncertainty));
  row('δ²H ‰ VSMOW', delta('hydrogen', results.hydrogen, results.hydrogenUncertainty));
  row('δ¹⁸O ‰ VSMOW', delta('oxygen', results.oxygen, results.oxygenUncertainty));
  // Measured for some materials only: a line when there is a value, none otherwise.
  if (results.nitrogen != null) row('δ¹⁵N ‰ AIR', delta('nitrogen', results.nitrogen, results.nitrogenUncertainty));
  if (results.sulfur != null) row('δ³⁴S ‰ VCDT', delta('sulfur', results.sulfur, results.sulfurUncertainty));
  // ISO/IEC 17025 §7.8.3: say what the ± is, and whose it is, wherever one is printed.
  const reportedElsewhere = isotopeFields.some(
    (isotope) => results[uncertaintyFields[isotope]] != null && results[isotope] != null && !ownLine(isotope),
  );
  if (reportedElsewhere) row(words('pdf.uncertainty'), words('pdf.uncertaintyNote'));
  if (measurement) {
    if (measurement.elements.some((e) => e.expanded !== null))
      row(words('pdf.uncertainty'), words('pdf.qcUncertaintyNote', { days: measurement.windowDays }));
    const unstated = measurement.elements.filter((e) => e.expanded === null);
    if (unstated.length)
      row(
        words('pdf.uncertainty'),
        words('pdf.uncertaintyNotEstablished', {
          elements: unstated.map((e) => elementScales[e.element].delta).join(', '),
        }),
      );
    if (measurement.traceableTo.length)
      row(
        words('pdf.traceability'),
        words('pdf.traceableTo', {
          scales: [...new Set(measurement.elements.map((e) => e.scale))].join(', '),
          materials: measurement.traceableTo.join(', '),
        }),
      );
    if (measurement.proficiency.length)
      row(
        words('pdf.proficiency'),
        measurement.proficiency
          .map((r) =>
            words('pdf.proficiencyLine', {
              delta: elementScales[r.element].delta,
              scheme: [r.scheme, r.round].filter(Boolean).join(' '),
              date: formatDay(r.roundDate),
              z: r.z.toFixed(2),
            }),
          )
          .join('; '),
      );
  }

  heading(words('pdf.origin'));
  for (const [label, value] of originLines(content, words)) row(label, value);
  const sensitivity = measurement?.sensitivity;
  if (sensitivity)
    row(
      words('pdf.sensitivity'),
      sensitivity.sensitive
        ? words('pdf.verdictSensitive')
        : words('pdf.verdictRobust', { corners: sensitivity.corners }),
    );
  row(words('pdf.conclusion'), content.conclusion ?? '-');
  if (content.predictedOrigin && content.predictedOrigin !== origin?.prediction) {
    row(
      words('pdf.labPrediction'),
      isAtypicalPrediction(content.predictedOrigin) ? words('pdf.atypical') : content.predictedOrigin,
    );
  }
  y -= 2;
  newPageIfNeeded(14, footer + 150);
  text(words('pdf.relatesOnly'), margin, y, size, bold);
  y -= 16;

  // Signature and verification block at the foot of the last page
  const qrSize = 100;
  newPageIfNeeded(qrSize + 20, footer);
  const blockTop = Math.min(y, footer + qrSize + 16);
  text(words('pdf.signedBy'), margin, blockTop, size, regular, MUTED);
  text(content.signatory, margin, blockTop - 14, 11, bold);
  // The signatory's function (§7.8.2.1 o): certificates issued before it was kept have none.
  if (content.signatoryRole) text(roleLabel(content.signatoryRole, words), margin, blockTop - 26, size, regular, MUTED);
  const qr = await pdf.embedPng(await renderQrPng(verifyUrl));
  page.drawImage(qr, { x: pageWidth - margin - qrSize, y: footer + 8, width: qrSize, height: qrSize });
  const noteWidth = pageWidth - 2 * margin - qrSize - 20;
  let noteY = blockTop - (content.signatoryRole ? 46 : 36);
  text(words('pdf.verify'), margin, noteY, 10, bold, BRAND);
  noteY -= 13;
  for (const line of wrapText(words('pdf.verifyHint'), regular, 8.5, noteWidth)) {
    text(line, margin, noteY, 8.5);
    noteY -= 11;
  }
  const fittedUrl = fitText(regular.printed(verifyUrl), regular, noteWidth, 8, 5);
  regular.draw(page, fittedUrl.text, { x: margin, y: noteY - 2, size: fittedUrl.size, color: MUTED });

  // Page x of y on every page, with the report number, once the number of pages is known.
  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    regular.draw(
      each,
      words('pdf.pageFooter', {
        idflNumber: content.idflNumber,
        version: content.version,
        page: index + 1,
        pages: pages.length,
      }),
      { x: margin, y: 18, size: 7.5, color: MUTED },
    );
  });
  if (!signing) return pdf.save();
  // What a reader's viewer shows beside the signature, in the certificate's language.
  addSignaturePlaceholder(pdf, {
    reason: words('pdf.documentTitle', { idflNumber: content.idflNumber, version: content.version }),
    name: content.laboratoryName,
    location: content.laboratoryAddress ?? '',
    contactInfo: content.signatory,
  });
  return saveSigned(pdf, signing);
}

/** Every text the certificate takes from its record: the fonts are chosen for the scripts it holds. */
function certificateText(content: CertificateContent): string {
  const origin = content.origin;
  return [
    describeClient(content),
    content.clientAddress,
    content.bookingNumber,
    content.clientDescription,
    content.itemDescription,
    content.sampleCode,
    content.sampleType,
    content.laboratoryAddress,
    content.externalLaboratory,
    content.receiptNote,
    content.conclusion,
    content.predictedOrigin,
    content.originReason,
    content.amendmentReason,
    content.signatory,
    ...(content.measurement?.traceableTo ?? []),
    ...(content.measurement?.proficiency.flatMap((r) => [r.scheme, r.round]) ?? []),
    origin?.referenceSet.material,
    origin?.prediction,
    origin?.claimed?.region,
    ...(origin?.leadingRegions.map((r) => r.region) ?? []),
  ]
    .filter(Boolean)
    .join(' ');
}
