import type { CertificateContent, CertificateOrigin, OriginConsistency } from '../../../shared/certificate.ts';
import { enfsiVerbalScale, formatLikelihoodRatio, isQuotableCllr } from '../../../shared/likelihood-ratio.ts';
import type { ClientWords } from '../client-portal/client-words.ts';

// The certificate's origin statement in the booking's language: the analysis' verdicts, the
// likelihood ratio of the claim with its ENFSI words and Cllr, and the decision rules behind each
// verdict (ISO/IEC 17025 §7.8.6, §7.8.7).

export const percent = (value: number | null | undefined) => (value == null ? '—' : `${(value * 100).toFixed(1)} %`);

/** The claim in the client's words; certificates issued before they were kept name the judged region. */
const claimOf = (c: OriginConsistency) => c.claim?.trim() || c.region;

/** The ratio's line and its calibration line; none when no claim of a known region was judged. */
function likelihoodLines(origin: CertificateOrigin, words: ClientWords): [string, string][] {
  const lr = origin.likelihoodRatio;
  if (!lr || !origin.claimed) return [[words('pdf.likelihoodRatio'), words('pdf.lrNotStated')]];
  const scale = enfsiVerbalScale(lr.value);
  const wording = !scale
    ? '—'
    : scale.direction === 'neither'
      ? words('pdf.enfsi.neither')
      : words(`pdf.enfsi.${scale.direction}`, { level: words(`pdf.enfsi.levels.${scale.level}`) });
  const cllr = lr.cllr == null ? null : lr.cllr.toFixed(2);
  return [
    [
      words('pdf.likelihoodRatio'),
      words('pdf.lrLine', { lr: formatLikelihoodRatio(lr.value), region: claimOf(origin.claimed), words: wording }),
    ],
    [
      words('pdf.calibration'),
      cllr == null
        ? words('pdf.cllrUnknown')
        : words(isQuotableCllr(lr.cllr) ? 'pdf.cllrQuotable' : 'pdf.cllrNotQuotable', { cllr }),
    ],
  ];
}

export function originLines(content: CertificateContent, words: ClientWords): [string, string][] {
  const origin = content.origin;
  const basis: [string, string][] = content.originReason ? [[words('pdf.basis'), content.originReason]] : [];
  if (!origin) return [[words('pdf.originAssessment'), words('pdf.noAnalysis')], ...basis];
  const th = origin.thresholds;
  const verdict = (c: OriginConsistency) => {
    // No records of it, no verdict: "inconclusive" would read as "cannot be excluded".
    if (!c.isKnownRegion)
      return c.referenceCount
        ? words('pdf.notAssessedFewRecords', { count: c.referenceCount })
        : words('pdf.notAssessed');
    const line = words('pdf.verdictLine', {
      verdict: words(`pdf.verdicts.${c.verdict.charAt(0).toUpperCase()}${c.verdict.slice(1)}`),
      probability: percent(c.probability),
      note: '',
    });
    // A country's claim is judged on its regions: the reader sees which.
    const named = claimOf(c);
    const judgedOn = c.regions?.filter((r) => r !== named && r !== c.region) ?? [];
    return judgedOn.length ? `${line}; ${words('pdf.judgedOn', { regions: judgedOn.join(', ') })}` : line;
  };
  const rows: [string, string][] = [
    [
      words('pdf.predictedOrigin'),
      origin.isAtypical || !origin.prediction
        ? words('pdf.atypical')
        : words('pdf.withProbability', {
            region: origin.prediction,
            probability: percent(origin.leadingRegions[0]?.probability),
          }),
    ],
    [
      words('pdf.leadingRegions'),
      origin.leadingRegions.map((r) => `${r.region} ${percent(r.probability)}`).join('; ') || '—',
    ],
  ];
  if (origin.claimed)
    rows.push([words('pdf.claimedOrigin', { region: claimOf(origin.claimed) }), verdict(origin.claimed)]);
  rows.push([words('pdf.xinjiang'), verdict(origin.xinjiang)]);
  rows.push(...likelihoodLines(origin, words));
  rows.push([
    words('pdf.decisionRules'),
    words('pdf.rulesText', {
      consistent: percent(th.consistentProbability),
      inconsistent: percent(th.inconsistentProbability),
      typical: th.typicalPValue,
      atypical: th.atypicalPValue,
    }),
  ]);
  return [...rows, ...basis];
}
