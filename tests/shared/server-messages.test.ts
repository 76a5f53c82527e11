import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeholdersOf, SERVER_MESSAGES, serverMessage } from '../../src/shared/server-messages.ts';

// Every message the API can send carries a code from this catalogue (the AppError type only takes
// catalogue codes), so checking the catalogue checks every server message.
const vietnamese = JSON.parse(
  readFileSync(new URL('../../src/shared/locales/vi/server.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe('[SERVER MESSAGES] both languages', () => {
  it('has a Vietnamese text for every server message code, and none for codes that no longer exist', () => {
    const codes = Object.keys(SERVER_MESSAGES);
    expect(codes.filter((code) => !vietnamese[code]?.trim())).toEqual([]);
    expect(Object.keys(vietnamese).filter((code) => !codes.includes(code))).toEqual([]);
  });

  it('uses the same {{placeholders}} in Vietnamese as in English', () => {
    const differing = Object.entries(SERVER_MESSAGES)
      .filter(([code, english]) => placeholdersOf(vietnamese[code] ?? '').join() !== placeholdersOf(english).join())
      .map(([code]) => code);
    expect(differing).toEqual([]);
  });

  it('builds the English message from the code and its values', () => {
    expect(
      serverMessage('sampleWrongState', {
        idflNumber: 'IDFL-2026-00001',
        status: 'SentToTester',
        needed: ['New', 'CsConfirmed'],
      }),
    ).toBe('Sample IDFL-2026-00001 is SentToTester; this action needs New or CsConfirmed.');
    expect(serverMessage('countryHasAccounts', { count: 2 })).toBe(
      'This country is assigned to 2 account(s); assign them another country first.',
    );
  });
});
