import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { sampleAt } from './sample-journey.ts';
import type { TestApp } from './test-app.ts';

// A certificate issued through the API as a supervisor would, and poppler's pdfsig on its PDF.

/** Issues a certificate for a new sample and answers its PDF as served. */
export async function issuedCertificatePdf(app: TestApp): Promise<Uint8Array> {
  const admin = await app.signInAsAdmin();
  const sample = await sampleAt(app, admin, 'ResultReturned');
  const concluded = await app.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
    token: admin,
    body: {
      expectedConclusion: 'Việt Nam',
      conclusion: 'Phù hợp',
      originReason: 'Chưa có bộ dữ liệu',
      version: sample.version,
    },
  });
  expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
  const supervisor = await app.userWith(['CanConfirmFinalResult']);
  const confirmed = await app.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
    token: supervisor.token,
  });
  expect(confirmed.status).toBe(200);
  const issued = await app.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: supervisor.token });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const file = await app.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
    token: admin,
  });
  expect(file.status).toBe(200);
  return new Uint8Array(await file.raw.arrayBuffer());
}

/** pdfsig's report on the PDF's signatures. */
export function pdfsig(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pdfsig-')), 'certificate.pdf');
  writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file]);
  if (run.error) throw new Error(`pdfsig is needed (apt-get install poppler-utils): ${run.error.message}`);
  return `${run.stdout.toString()}${run.stderr.toString()}`;
}

/** The two byte ranges the signature covers, from the PDF's /ByteRange. */
export function signedRanges(bytes: Uint8Array): [number, number, number, number] {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(Buffer.from(bytes).toString('latin1'));
  expect(match, 'the PDF has a /ByteRange').not.toBeNull();
  return match!.slice(1).map(Number) as [number, number, number, number];
}
