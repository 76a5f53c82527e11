// The certificate of analysis as a PDF: its size and render time with the origin analysis (its
// verdicts, likelihood ratio and decision rules) in Vietnamese for a client named in Chinese, as a
// ratio to a plain English certificate without analysis or CJK text, rendered in the same run.
// The Chinese name is drawn with Noto Sans SC (services/documents/pdf-fonts.ts), embedded beside DejaVu only in
// such a certificate and subset to the characters drawn: the size ratio is the analysis' share plus
// that subset's few kB; the time ratio holds the CJK font's parse in every such document (its files
// are read once, in the warm-up). On 2026-12-01 (shared 2-core machine): 39.5 kB = 1.37× the plain
// 28.8 kB (36.2 kB before the CJK font, the name then printing '?'), 200–350 ms = 1.7–2.1×; about
// 60 ms of it is fontkit parsing the two 10 MB files for each such document.
import type { CertificateContent } from '../src/shared/certificate.ts';
import { renderCertificatePdf } from '../src/server/services/certificates/certificate-pdf.ts';
import type { BenchRow } from './run.ts';

const plain: CertificateContent = {
  laboratoryName: 'Isotope Lab',
  laboratoryAddress: '12 Nguyen Hue, District 1, Ho Chi Minh City, Vietnam',
  client: 'Nguyen Van An',
  company: 'Saigon Cotton Co.',
  clientAddress: '12 Le Loi, District 1, Ho Chi Minh City',
  sampleType: 'Cotton',
  idflNumber: 'IDFL-2026-00001',
  sampleCode: 'LOT-77',
  itemDescription: 'LOT-77, raw cotton lint',
  results: { carbon: -27.1, hydrogen: -65.4, oxygen: 24.2 },
  conclusion: 'Consistent with the claimed origin',
  predictedOrigin: 'VN',
  issuedAt: '2026-11-28T10:00:00Z',
  receivedDate: '2026-03-02T00:00:00Z',
  measuredDate: '2026-03-20T00:00:00Z',
  externalLaboratory: 'Third lab',
  signatory: 'Pham Dang Khoa',
  version: 1,
  origin: null,
  language: 'en',
};

const full: CertificateContent = {
  ...plain,
  language: 'vi',
  client: '王小明',
  company: '新疆棉业有限公司',
  receivedCondition: 'damaged',
  receiptNote: 'Túi rách một góc',
  origin: {
    analysisId: 1,
    analysisDate: '2026-11-27T10:00:00Z',
    modelName: 'Isotope Lab origin model',
    modelVersion: 'c40f904363f3',
    referenceSet: { material: 'Cotton', recordCount: 45, regionCount: 3, version: 'c40f904363f3' },
    validation: { method: 'leave-one-out', sampleCount: 45, accuracy: 0.96, logLoss: 0.12 },
    prediction: 'VN',
    isAtypical: false,
    leadingRegions: [
      { region: 'VN', probability: 0.97 },
      { region: 'TH', probability: 0.02 },
      { region: 'Xinjiang', probability: 0.01 },
    ],
    claimed: { region: 'VN', verdict: 'consistent', probability: 0.97, isKnownRegion: true },
    xinjiang: { region: 'Xinjiang', verdict: 'inconsistent', probability: 0.01, isKnownRegion: true },
    likelihoodRatio: { value: 64.7, cllr: 0.31 },
    thresholds: {
      consistentProbability: 0.5,
      inconsistentProbability: 0.05,
      atypicalPValue: 0.01,
      typicalPValue: 0.05,
    },
  },
};

async function measure(content: CertificateContent, rounds: number) {
  const url = 'https://lab.example/certificate/uGZik4v85k83Fd8Ay0vBPbgp5lscEctB1oqPqRcUMB8';
  await renderCertificatePdf(content, url, 'Asia/Ho_Chi_Minh'); // warm: fonts read, code compiled
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    size = (await renderCertificatePdf(content, url, 'Asia/Ho_Chi_Minh')).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { size: size / 1024, ms: times[Math.floor(times.length / 2)]! };
}

export default async function certificatePdfBench(): Promise<BenchRow[]> {
  const base = await measure(plain, 15);
  const rich = await measure(full, 15);
  return [
    {
      name: 'certificate PDF size, Vietnamese with origin analysis and a Chinese client name',
      baseline: { label: 'plain English certificate', value: base.size },
      value: rich.size,
      unit: 'kB',
    },
    {
      name: 'certificate PDF render time (median), same certificate',
      baseline: { label: 'plain English certificate', value: base.ms },
      value: rich.ms,
      unit: 'ms',
    },
  ];
}
