import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCustodyRecord, noReferences } from '../../src/shared/workflow/custody-format.ts';
import { seededRoles } from '../../src/shared/permissions.ts';
import { roleLabel } from '../../src/shared/role-labels.ts';

// A role is shown by its label in the reader's language (roles:names.<name>), never by the
// code-like name it is stored under; a role an administrator created reads by the name they gave it.

const localesDir = join(import.meta.dirname, '../../src/shared/locales');
const languages = readdirSync(localesDir);

function roleNames(language: string): Record<string, string> {
  return (
    JSON.parse(readFileSync(join(localesDir, language, 'roles.json'), 'utf8')) as { names: Record<string, string> }
  ).names;
}

/** A translator over one language's role labels, answering a missing key with the key (as i18next may). */
const translator = (language: string) => (key: string) => roleNames(language)[key.replace('roles:names.', '')] ?? key;

describe('[ROLE LABELS] every seeded role in plain words', () => {
  it.each(languages)('%s labels each role the laboratory starts with, and no other', (language) => {
    const names = roleNames(language);
    expect(Object.keys(names).sort()).toEqual(seededRoles.map((role) => role.name).sort());
    for (const label of Object.values(names)) expect(label.trim()).toBeTruthy();
    expect(roleLabel('hoanVuLab', translator(language))).not.toBe('hoanVuLab');
  });

  it("falls back to the stored name for an administrator's role, or a label the catalogue lacks", () => {
    expect(roleLabel('Night shift', translator('vi'))).toBe('Night shift');
    expect(roleLabel('hoanVuLab', (key) => key)).toBe('hoanVuLab');
    expect(roleLabel('CustomerService', translator('vi'))).toBe(roleNames('vi').CustomerService);
  });

  it('names the role of who acted in a custody record, and a third-lab entry by its laboratory', () => {
    const refs = { ...noReferences(), persons: { '7': { name: 'Pham Dang Khoa', role: 'hoanVuLab' } } };
    const t = (key: string, options?: Record<string, unknown>) =>
      key.startsWith('roles:') ? translator('en')(key) : String(options?.defaultValue ?? key);
    const shown = readCustodyRecord(
      {
        at: '2026-03-02T09:00:00.000Z',
        action: 'updateResult',
        fromStatus: null,
        toStatus: null,
        changes: { labName: { from: null, to: 'hoanVuLab' } },
        reason: null,
        actorId: 7,
        actorName: 'Pham Dang Khoa',
        references: refs,
      },
      { t, formatDate: (value) => value },
    );
    expect(shown.role).toBe(roleNames('en').hoanVuLab);
    expect(shown.changes[0]!.to).toEqual([{ text: roleNames('en').hoanVuLab }]);
  });
});
