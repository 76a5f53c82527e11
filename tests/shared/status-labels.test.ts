import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_REVOKED_STATUS } from '../../src/shared/certificate.ts';
import { sampleStatuses } from '../../src/shared/workflow/sample-workflow.ts';

// A sample status is named once per language: `samples:status.<Status>`. Screens, report files,
// custody PDFs and mails all read that key, so no other key may hold a status's words (they drift).
// Beside the workflow's statuses it holds the one word a status reads as without being one: a
// Completed sample whose certificate was revoked (sampleStatusWord).
const statusWords = [...sampleStatuses, CERTIFICATE_REVOKED_STATUS];

const localesDir = join(import.meta.dirname, '../../src/shared/locales');
const languages = readdirSync(localesDir);
const statusNames = new Set<string>(sampleStatuses);

type Tree = { [key: string]: string | Tree };

function catalogue(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree;
}

/** Every string in a catalogue as [dotted key, text]. */
function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

describe('[STATUS LABELS] one key per status per language', () => {
  it.each(languages)('%s names every sample status once, in samples:status', (language) => {
    const labels = catalogue(language, 'samples').status as Record<string, string>;
    expect(Object.keys(labels).sort()).toEqual([...statusWords].sort());
    for (const status of statusWords) expect(labels[status]?.trim()).toBeTruthy();
  });

  it.each(languages)('%s holds no other key named after a sample status or with its words', (language) => {
    const labels = new Set(Object.values(catalogue(language, 'samples').status as Record<string, string>));
    const strays: string[] = [];
    for (const file of readdirSync(join(localesDir, language))) {
      const namespace = file.replace(/\.json$/, '');
      for (const [key, text] of entries(catalogue(language, namespace))) {
        if (namespace === 'samples' && key.startsWith('status.')) continue;
        const leaf = key.split('.').pop()!;
        // A key named after a status is a second label for it; so is a status's words under a
        // "status" key (a bench's own copy of the list).
        if (statusNames.has(leaf) || (key.includes('status') && labels.has(text))) strays.push(`${namespace}:${key}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
