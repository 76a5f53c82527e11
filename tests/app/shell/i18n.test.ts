import { describe, expect, it } from 'vitest';
import { loadTextFile, TEXT_GROUPS, type Catalogues } from '@/app/lib/words/catalogues/text-groups';
import { i18n, translateMessage } from '@/app/lib/words/i18n';

// Each language's texts come in groups, loaded on demand: the check reads every group of both.
async function loadGroups(language: 'en' | 'vi') {
  const groups = await Promise.all(TEXT_GROUPS.map((group) => loadTextFile(language, group)));
  return { groups, all: Object.assign({}, ...groups) as Catalogues, whole: await loadTextFile(language, 'all') };
}
const loaded = { en: await loadGroups('en'), vi: await loadGroups('vi') };
const resources = { en: loaded.en.all, vi: loaded.vi.all };

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function leavesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(leavesOf);
}

// Vietnamese has no plural forms: an English `_one`/`_other` pair may stand as `_other` alone.
const normalise = (key: string) => key.replace(/_(one|other|zero|two|few|many)$/, '');

describe('translations', () => {
  it('has the same namespaces in English and Vietnamese', () => {
    expect(Object.keys(resources.vi).sort()).toEqual(Object.keys(resources.en).sort());
    expect(Object.keys(resources.en)).toEqual(expect.arrayContaining(['common', 'auth', 'layout', 'validation']));
  });

  it('puts every namespace in one text group, the same in both languages', () => {
    for (const language of ['en', 'vi'] as const) {
      const namespaces = loaded[language].groups.flatMap((group) => Object.keys(group));
      expect(namespaces.length, `${language}: a namespace in two groups`).toBe(new Set(namespaces).size);
    }
    const namesOf = (language: 'en' | 'vi') => loaded[language].groups.map((group) => Object.keys(group).sort());
    expect(namesOf('vi')).toEqual(namesOf('en'));
    expect(Object.keys(loaded.en.groups[0] ?? {})).toEqual(expect.arrayContaining(['common', 'auth']));
    // The sign-in page starts without the rules' and the server's messages (fetched with its first check).
    expect(Object.keys(loaded.en.groups[1] ?? {}).sort()).toEqual(['server', 'validation']);
  });

  it('holds in the one file of every group exactly what the groups hold', () => {
    // A staff page opened first fetches that file instead of the four (filesOfGroups in text-pages.ts).
    expect(loaded.en.whole).toEqual(loaded.en.all);
    expect(loaded.vi.whole).toEqual(loaded.vi.all);
  });

  for (const namespace of Object.keys(resources.en)) {
    it(`has every key of ${namespace} in both languages`, () => {
      const en = new Set(keysOf(resources.en[namespace]).map(normalise));
      const vi = new Set(keysOf(resources.vi[namespace]).map(normalise));
      expect(
        [...en].filter((k) => !vi.has(k)),
        'missing in vi',
      ).toEqual([]);
      expect(
        [...vi].filter((k) => !en.has(k)),
        'missing in en',
      ).toEqual([]);
    });
  }

  it('has no empty Vietnamese text', () => {
    for (const [namespace, catalogue] of Object.entries(resources.vi)) {
      expect(
        leavesOf(catalogue).filter((text) => text.trim() === ''),
        namespace,
      ).toEqual([]);
    }
  });

  it('shows an unknown key as the key itself', async () => {
    await i18n.changeLanguage('vi');
    expect(i18n.t('layout:no.such.key')).toBe('no.such.key');
    await i18n.changeLanguage('en');
  });

  it('translates the shared schemas messages whole, dots included', async () => {
    await i18n.changeLanguage('vi');
    expect(translateMessage('Passwords do not match')).toBe('Mật khẩu không khớp');
    expect(translateMessage('This reset link is invalid or has expired.')).toBe(
      'Liên kết đặt lại không hợp lệ hoặc đã hết hạn.',
    );
    expect(translateMessage('A message nobody translated.')).toBe('A message nobody translated.');
    await i18n.changeLanguage('en');
    expect(translateMessage('Passwords do not match')).toBe('Passwords do not match');
  });

  it('carries a translation for every message of the shared account schemas', async () => {
    const schemas = await Promise.all([
      import('@/shared/schemas/auth'),
      import('@/shared/schemas/users'),
      import('@/shared/schemas/roles'),
      import('@/shared/schemas/countries'),
    ]);
    const blank = { email: '', password: '', oldPassword: '', newPassword: '', confirmPassword: 'x' };
    const messages = new Set<string>();
    const { signInSchema, changePasswordFormSchema } = schemas[0];
    for (const issue of signInSchema.safeParse(blank).error?.issues ?? []) messages.add(issue.message);
    for (const issue of changePasswordFormSchema.safeParse(blank).error?.issues ?? []) messages.add(issue.message);
    for (const issue of schemas[1].createUserSchema.safeParse({
      username: '',
      displayName: '',
      email: '',
      password: '',
    }).error?.issues ?? [])
      messages.add(issue.message);
    for (const issue of schemas[2].roleSchema.safeParse({ name: '' }).error?.issues ?? []) messages.add(issue.message);
    for (const issue of schemas[3].countrySchema.safeParse({ code: '', name: '' }).error?.issues ?? [])
      messages.add(issue.message);
    const validation = resources.vi.validation as Record<string, string>;
    expect([...messages].filter((m) => !(m in validation))).toEqual([]);
  });
});
