import { readFileSync } from 'node:fs';

/**
 * The app's own words, read from its locale files, so a spec walking both languages finds a button
 * by what it says in either (`say('samples:actions.csCheckIn')`, `say('roles:editNamed', { name })`).
 */
export type Language = 'en' | 'vi';
export type Say = (key: string, values?: Record<string, string | number>) => string;

const loaded = new Map<string, Record<string, unknown>>();

function namespace(language: Language, name: string): Record<string, unknown> {
  const file = `${language}/${name}`;
  if (!loaded.has(file)) {
    const url = new URL(`../../../src/shared/locales/${file}.json`, import.meta.url);
    loaded.set(file, JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>);
  }
  return loaded.get(file)!;
}

export function wordsOf(language: Language): Say {
  return (key, values = {}) => {
    const [name, path] = key.split(':') as [string, string];
    let text: unknown = namespace(language, name);
    for (const part of path.split('.')) text = (text as Record<string, unknown> | undefined)?.[part];
    if (typeof text !== 'string') throw new Error(`no ${language} text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, value: string) => String(values[value] ?? `{{${value}}}`));
  };
}
