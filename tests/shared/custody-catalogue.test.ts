import { readdirSync, readFileSync } from 'node:fs';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sampleEntry, thirdLabEntry } from '../../src/server/db/schema.ts';
import {
  columnsNotAudited,
  custodyActions,
  custodyFields,
  readableName,
  systemReasons,
} from '../../src/shared/workflow/custody-catalogue.ts';
import { sampleEdits, workflowActionNames } from '../../src/shared/workflow/sample-workflow.ts';
import {
  csCheckInSampleSchema,
  csUpdateSampleSchema,
  testerUpdateSampleSchema,
} from '../../src/shared/schemas/sample-entry.ts';
import { conclusionSchema } from '../../src/shared/schemas/supervisor.ts';
import { updateResultSchema } from '../../src/shared/schemas/third-lab.ts';

// The chain of custody names every field it records and every action by its label in both
// languages: a column, a form field or an audited action added without one fails here.

const locale = (language: 'en' | 'vi') =>
  JSON.parse(readFileSync(new URL(`../../src/shared/locales/${language}/custody.json`, import.meta.url), 'utf8')) as {
    field: Record<string, string>;
    action: Record<string, string>;
    value: Record<string, unknown>;
    reason: Record<string, string>;
  };

const catalogued = new Set(Object.keys(custodyFields));
const isCoveredColumn = (name: string) => catalogued.has(name) || Object.hasOwn(columnsNotAudited, name);

/** Every appendAudit / recordSampleChange / fireSampleAction call of the services that records a sample entry. */
function sampleAuditCalls(): { file: string; text: string }[] {
  const dir = new URL('../../src/server/services/', import.meta.url);
  const calls: { file: string; text: string }[] = [];
  // The services live in rooms (samples/, certificates/, ...): every .ts file under the folder.
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    for (const match of source.matchAll(/(appendAudit|recordSampleChange|fireSampleAction)\((?!\s*\w+: Tx)/g)) {
      // The call's argument: up to the parenthesis that closes it.
      let depth = 0;
      let end = match.index + match[0].length - 1;
      for (; end < source.length; end++) {
        if (source[end] === '(') depth++;
        else if (source[end] === ')' && --depth === 0) break;
      }
      const text = source.slice(match.index, end + 1);
      const recordsSample =
        match[1] !== 'appendAudit' || /SAMPLE_ENTITY|'sample_entry'/.test(text) || /entityType,/.test(text);
      if (recordsSample && !/BATCH_ENTITY|ANALYSIS_ENTITY|CERTIFICATE_ENTITY|'booking'/.test(text)) {
        calls.push({ file, text });
      }
    }
  }
  return calls;
}

describe('[CUSTODY] the catalogue of audited fields and actions', () => {
  it('labels every column of the sample entry and the third-lab entry, or says why it is not audited', () => {
    const columns = [...Object.keys(getTableColumns(sampleEntry)), ...Object.keys(getTableColumns(thirdLabEntry))];
    expect(columns.filter((name) => !isCoveredColumn(name))).toEqual([]);
    for (const reason of Object.values(columnsNotAudited)) expect(reason.length).toBeGreaterThan(20);
  });

  it('labels every field a bench form may change', () => {
    const formFields = [
      csUpdateSampleSchema,
      csCheckInSampleSchema,
      testerUpdateSampleSchema,
      conclusionSchema,
      updateResultSchema,
    ].flatMap((schema) => Object.keys(schema.shape));
    expect(formFields.filter((name) => name !== 'version' && !catalogued.has(name))).toEqual([]);
  });

  it('labels every field and every action the services record of a sample', () => {
    const calls = sampleAuditCalls();
    // The services record a sample's changes in a dozen places; finding too few means the scan broke.
    expect(calls.length).toBeGreaterThan(15);
    const actions = calls.flatMap(({ text }) => [...text.matchAll(/action: '(\w+)'/g)].map((m) => m[1]!));
    const namedFields = calls.flatMap(({ text }) => [...text.matchAll(/(\w+): \{ from:/g)].map((m) => m[1]!));
    expect(actions.length).toBeGreaterThan(15);
    expect(actions.filter((action) => !(custodyActions as readonly string[]).includes(action))).toEqual([]);
    expect(namedFields.filter((field) => !catalogued.has(field))).toEqual([]);
  });

  it('names every transition and every edit of the workflow table', () => {
    const names = [...workflowActionNames, ...Object.keys(sampleEdits)];
    expect(names.filter((name) => !(custodyActions as readonly string[]).includes(name))).toEqual([]);
  });

  it.each(['en', 'vi'] as const)('has every label in %s', (language) => {
    const words = locale(language);
    expect(Object.keys(custodyFields).filter((field) => !words.field[field]?.trim())).toEqual([]);
    expect(custodyActions.filter((action) => !words.action[action]?.trim())).toEqual([]);
    for (const [field, definition] of Object.entries(custodyFields)) {
      if (!('choices' in definition)) continue;
      const values = words.value[field] as Record<string, string> | undefined;
      expect(
        definition.choices.filter((choice) => !values?.[choice]?.trim()),
        `${language} value.${field}`,
      ).toEqual([]);
    }
    for (const reason of systemReasons) expect(words.reason[reason.key], reason.key).toBeTruthy();
  });

  it('words the condition on receipt as the laboratory does', () => {
    expect(locale('en').value.receivedCondition).toEqual({
      intact: 'Intact',
      damaged: 'Damaged',
      insufficient: 'Insufficient',
    });
    expect(locale('vi').value.receivedCondition).toEqual({
      intact: 'Nguyên vẹn',
      damaged: 'Hư hỏng',
      insufficient: 'Không đủ',
    });
  });

  it('reads a field it does not know yet as words, never as its code', () => {
    expect(readableName('sampleReturnDate')).toBe('Sample return date');
    expect(readableName('consistentWithXinjiangOrigin')).toBe('Consistent with xinjiang origin');
    expect(readableName('idflNumber')).toBe('Idfl number');
    expect(readableName('receivedByQC')).toBe('Received by QC');
    expect(readableName('storage_area')).toBe('Storage area');
  });
});
