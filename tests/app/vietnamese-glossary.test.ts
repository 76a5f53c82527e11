import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@/shared/server-messages';

// One Vietnamese word per concept: the table in docs/glossary.md, checked over every locale string.

const root = join(import.meta.dirname, '../..');
const localesDir = join(root, 'src/shared/locales');

type Tree = { [key: string]: string | Tree };
type Pair = { where: string; english: string; vietnamese: string };
type Entry = { english: string; vietnamese: string; not: string[] };

function texts(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') found.set(prefix + key, value);
    else for (const [inner, text] of texts(value, `${prefix}${key}.`)) found.set(inner, text);
  }
  return found;
}

const read = (language: string, namespace: string) =>
  texts(JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree);

/** Every English string with its Vietnamese, by namespace and key; the server's messages included. */
function pairs(): Pair[] {
  const found: Pair[] = [];
  for (const file of readdirSync(join(localesDir, 'en'))) {
    const namespace = file.replace(/\.json$/, '');
    const vietnamese = read('vi', namespace);
    for (const [key, english] of read('en', namespace)) {
      const translated = vietnamese.get(key);
      if (translated !== undefined) found.push({ where: `${namespace}:${key}`, english, vietnamese: translated });
    }
  }
  const server = read('vi', 'server');
  for (const [code, english] of Object.entries(SERVER_MESSAGES)) {
    const translated = server.get(code);
    if (translated !== undefined) found.push({ where: `server:${code}`, english, vietnamese: translated });
  }
  return found;
}

/** The glossary's rows: English | Vietnamese | Not (comma-separated). */
function glossary(): Entry[] {
  const lines = readFileSync(join(root, 'docs/glossary.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => /^\|\s*English\s*\|/.test(line));
  const rows: Entry[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [english = '', vietnamese = '', not = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.push({
      english,
      vietnamese,
      not: not
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean),
    });
  }
  return rows;
}

const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase('vi');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('[GLOSSARY] one Vietnamese word per concept', () => {
  const all = pairs();
  const entries = glossary();

  it('reads the glossary and the locale strings', () => {
    expect(entries.length).toBeGreaterThan(10);
    expect(all.length).toBeGreaterThan(1000);
  });

  for (const entry of entries) {
    it(`"${entry.english}" is "${entry.vietnamese}"`, () => {
      const says = new RegExp(`\\b${escaped(entry.english)}`, 'i');
      const wrongWord = all
        .filter((pair) => says.test(pair.english) && !folded(pair.vietnamese).includes(folded(entry.vietnamese)))
        .map((pair) => `${pair.where}: ${pair.vietnamese}`);
      expect(wrongWord).toEqual([]);
      const rejected = all
        .filter((pair) => entry.not.some((word) => folded(pair.vietnamese).includes(folded(word))))
        .map((pair) => `${pair.where}: ${pair.vietnamese}`);
      expect(rejected).toEqual([]);
    });
  }

  it('fails on a string that uses another word (the check can fail)', () => {
    const rush = entries.find((entry) => entry.english === 'rush')!;
    expect(rush.not.some((word) => folded('Dịch vụ GẤP').includes(folded(word)))).toBe(true);
  });
});
