import { describe, expect, it } from 'vitest';
import { hasVisibleText, trimInvisible, visibleText } from '../../src/shared/visible-text.ts';

describe('[VISIBLE TEXT] one rule for blank', () => {
  const invisibles = {
    'zero-width space': '\u200B',
    'word joiner': '\u2060',
    'zero-width non-joiner': '\u200C',
    'zero-width joiner': '\u200D',
    'byte order mark': '\uFEFF',
    'soft hyphen': '\u00AD',
    'no-break space': '\u00A0',
    'ideographic space': '\u3000',
    'left-to-right mark': '\u200E',
    'Hangul filler': '\u3164',
    'combining grapheme joiner': '\u034F',
    'tab and newline': '\t\n',
  };

  it.each(Object.entries(invisibles))('counts %s as blank', (_, character) => {
    expect(hasVisibleText(character)).toBe(false);
    expect(hasVisibleText(` ${character}${character} `)).toBe(false);
    expect(visibleText('Required').safeParse(character).error?.issues[0]?.message).toBe('Required');
  });

  it('keeps visible text, in any script, and trims only the invisible ends', () => {
    for (const text of ['a', 'Việt Nam', '棉花', '٣', '👍']) expect(hasVisibleText(text)).toBe(true);
    expect(trimInvisible('\u200B Kết luận\u2060 ')).toBe('Kết luận');
    expect(trimInvisible('a\u200Db')).toBe('a\u200Db');
    expect(visibleText('Required').parse('\uFEFF Cotton \u00AD')).toBe('Cotton');
    expect(hasVisibleText(null)).toBe(false);
    expect(visibleText('Required').safeParse(undefined).error?.issues[0]?.message).toBe('Required');
  });
});
