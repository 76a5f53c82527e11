import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workflowActionNames, type WorkflowActionName } from '@/shared/workflow/sample-workflow';

// Every workflow action is offered to the people who fire it on some screen: in the `handled` list of
// a SampleActionBar (bench/actions/sample-action-bar.tsx), or by a screen's own button shown when
// `actionsFor(status, held)` includes it. An action added to the workflow table and its API but to
// no screen would be allowed and never offered; it fails here.

const appDir = join(import.meta.dirname, '../../../src/app');

/** Actions no single sample's screen offers, and why. */
const offeredElsewhere: Partial<Record<WorkflowActionName, string>> = {
  // Samples leave with their package: the shipping screen sends the whole dispatch batch at once.
  sendToThirdLab: 'features/dispatch (the package is sent, not one sample)',
  // A held sample awaits its replacement when CS records the client's decision to send one.
  awaitReplacement: "features/cs-lab/receipt-decision-dialog (the client's decision: send a replacement)",
};

function appSources(): string[] {
  return readdirSync(appDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(join(appDir, file), 'utf8'));
}

/** The action names a screen offers, read from the app's source. */
function offeredActions(sources: readonly string[]): Set<string> {
  const offered = new Set<string>();
  const all = sources.join('\n');
  // <SampleActionBar handled={LIST} …/>: the names in LIST's declaration.
  for (const [, list] of all.matchAll(/handled=\{(\w+)\}/g)) {
    const declaration = new RegExp(`(?:const|let)\\s+${list}\\b[^=]*=\\s*\\[([^\\]]*)\\]`).exec(all);
    expect(declaration, `the declaration of ${list}`).not.toBeNull();
    for (const [, name] of declaration![1]!.matchAll(/'(\w+)'/g)) offered.add(name!);
  }
  // A screen's own button: `actions.includes('name')` over actionsFor(…), or actionsFor(…).includes('name').
  for (const [, name] of all.matchAll(/(?:\bactions|actionsFor\([^)]*\))\.includes\('(\w+)'\)/g)) offered.add(name!);
  return offered;
}

describe('[OFFERED ACTIONS] every workflow action has a screen that offers it', () => {
  it('is in a SampleActionBar handled list or behind a screen button, or named here as offered elsewhere', () => {
    const offered = offeredActions(appSources());
    const unoffered = workflowActionNames.filter((action) => !offered.has(action) && !(action in offeredElsewhere));
    expect(unoffered).toEqual([]);
    // An exception that a screen has since taken up is stale.
    expect(Object.keys(offeredElsewhere).filter((action) => offered.has(action))).toEqual([]);
  });
});
