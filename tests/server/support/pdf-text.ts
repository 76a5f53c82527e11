import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/**
 * The text of a PDF as poppler's pdftotext reads it (as a reader's viewer or a search would), with
 * white space folded: lines may break anywhere the layout wraps them.
 */
export function pdfText(bytes: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.error) throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${run.error.message}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout.toString('utf8').normalize('NFC').replace(/\s+/g, ' ');
}
