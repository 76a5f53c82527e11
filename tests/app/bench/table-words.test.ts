import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benches, benchNames } from '@/shared/workflow/benches';
import { allPermissions, permissionGroups } from '@/shared/permissions';
import { workflowActionNames } from '@/shared/workflow/sample-workflow';
import { SAMPLE_ENDPOINTS } from '@/shared/workflow/sample-endpoints';

// The words the screens look up by a name from the shared tables: a permission, a bench or a workflow
// action added to its table without them in every language fails here, not on a screen showing a key.

const localesDir = join(import.meta.dirname, '../../../src/shared/locales');
const languages = readdirSync(localesDir);

type Tree = { [key: string]: string | Tree };

function catalogue(language: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree;
}

/** The text at a dotted key, or undefined when it is missing or not a text. */
function text(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() ? node : undefined;
}

const missing = (tree: Tree, keys: readonly string[]) => keys.filter((key) => text(tree, key) === undefined);

describe('[TABLE WORDS] the words of every permission, bench and action, in every language', () => {
  it.each(languages)('%s names and describes each permission on the roles screen, and its area', (language) => {
    const permissions = catalogue(language, 'permissions');
    expect(Object.keys(permissions).sort()).toEqual([...allPermissions].sort());
    expect(
      missing(
        permissions,
        allPermissions.flatMap((p) => [`${p}.label`, `${p}.description`]),
      ),
    ).toEqual([]);
    const areas = Object.keys(permissionGroups).map((group) => `areas.${group}`);
    expect(missing(catalogue(language, 'roles'), areas)).toEqual([]);
  });

  it.each(languages)("%s has each bench's menu entry words (layout:)", (language) => {
    const labels = benchNames.flatMap((bench) => benches[bench].screen.menuLabel ?? []);
    expect(labels.length).toBeGreaterThan(0);
    expect(missing(catalogue(language, 'layout'), labels)).toEqual([]);
  });

  it.each(languages)("%s has each workflow action's button and each queued change's sync label", (language) => {
    const samples = catalogue(language, 'samples');
    // The action bar's buttons (bench/actions/sample-action-bar.tsx) read samples:actions.<action>.
    expect(
      missing(
        samples,
        workflowActionNames.map((action) => `actions.${action}`),
      ),
    ).toEqual([]);
    // The sync page names a queued change by samples:outbox.<change> (bench/actions/queue-sample-change.ts).
    expect(Object.keys(samples.outbox as Tree).sort()).toEqual(Object.keys(SAMPLE_ENDPOINTS).sort());
    expect(
      missing(
        samples,
        Object.keys(SAMPLE_ENDPOINTS).map((change) => `outbox.${change}`),
      ),
    ).toEqual([]);
  });
});
