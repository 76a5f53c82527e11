import { describe, expect, it } from 'vitest';
import { parseScan } from '@/app/scan/parse-scan';

const TOKEN = 'q3Zp0xV5nJ2kA8bC-dE_fG7hI9jK1lM3nO5pQ7rS9tU';

describe('[SCAN] parseScan', () => {
  it('reads a sample label (the bare IDFL number), forgiving case and spaces when typed', () => {
    expect(parseScan('IDFL-2026-00001')).toEqual({ kind: 'idfl', idflNumber: 'IDFL-2026-00001' });
    expect(parseScan('  idfl-2026-00042\n')).toEqual({ kind: 'idfl', idflNumber: 'IDFL-2026-00042' });
  });

  it('reads a certificate QR code: an address ending in /certificate/<token>', () => {
    expect(parseScan(`https://lab.example/certificate/${TOKEN}`)).toEqual({ kind: 'certificate', token: TOKEN });
    expect(parseScan(`http://localhost:3000/certificate/${TOKEN}/`)).toEqual({ kind: 'certificate', token: TOKEN });
    expect(parseScan(`/certificate/${TOKEN}`)).toEqual({ kind: 'certificate', token: TOKEN });
  });

  it('calls anything else unknown', () => {
    for (const text of [
      '',
      '   ',
      'BK-2026-00001',
      'https://example.com/',
      'https://lab.example/certificate/abc',
      TOKEN,
    ]) {
      expect(parseScan(text)).toEqual({ kind: 'unknown' });
    }
  });
});
