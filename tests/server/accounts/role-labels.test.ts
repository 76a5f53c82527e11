import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// The server's documents name a role as the screens do: by its label in the document's language,
// never by the name it is stored under (shared/role-labels.ts).

const t = useTestApp();

async function custodyRows(token: string, id: number, lang: 'en' | 'vi') {
  const res = await t.request('GET', `/api/sample-entries/${id}/custody.csv?lang=${lang}`, { token });
  expect(res.status).toBe(200);
  const text = new TextDecoder().decode(new Uint8Array(await res.raw.arrayBuffer()));
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

describe('[ROLE LABELS] documents', () => {
  it("names who acted by their role's label in the custody file, in its language", async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'SentToTester');
    const roleColumn = 4;
    const vi = await custodyRows(admin, sample.id, 'vi');
    expect(vi.slice(1, 3).map((row) => row[roleColumn])).toEqual(['Quản trị viên', 'Quản trị viên']);
    const en = await custodyRows(admin, sample.id, 'en');
    expect(en[1]![roleColumn]).toBe('Administrator');
  });
});
