import { z } from 'zod';

// The one rule for "blank": text a person can see, not text that merely has characters. A
// conclusion of a zero-width space or a word joiner looks empty on every screen and certificate,
// so it must count as empty wherever the API refuses blank text. Server and app share this rule.
//
// Every function here reads its text once, character by character: a text field is checked on
// every request, anonymous ones included, so nothing may backtrack. (A pattern such as
// `\s+$` retries from every space of a long run, and 120,000 spaces then cost seconds.)

/**
 * Characters that print nothing: white space and other separators (Z*, including no-break and the
 * ideographic space), control characters (Cc), format characters (Cf: zero-width space U+200B,
 * ZWNJ/ZWJ U+200C/U+200D, word joiner U+2060, BOM U+FEFF, soft hyphen U+00AD, bidi marks…), and the
 * few letters and marks that are drawn blank (combining grapheme joiner, Hangul fillers, Khmer
 * inherent vowels, Mongolian vowel separator, Braille blank).
 */
// One character at a time, anchored at both ends: the test cannot backtrack. The combining grapheme
// joiner and the Khmer inherent vowels are marks, so they stand outside the class.
const INVISIBLE_CHARACTER = /^(?:[\s\p{Z}\p{Cc}\p{Cf}\u115F\u1160\u180E\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5)$/u;

/** The message for text holding half of a character pair (a lone UTF-16 surrogate). */
export const TEXT_NOT_WELL_FORMED = 'Contains a broken character: please type or paste the text again';

/** The length of the character (code point) that starts at `index`: 2 for a surrogate pair. */
function widthAt(value: string, index: number): number {
  const code = value.charCodeAt(index);
  if (code >= 0xd800 && code <= 0xdbff && index + 1 < value.length) {
    const next = value.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  return 1;
}

/** The length of the character (code point) that ends just before `end`: 2 for a surrogate pair. */
function widthBefore(value: string, end: number): number {
  const code = value.charCodeAt(end - 1);
  if (code >= 0xdc00 && code <= 0xdfff && end >= 2) {
    const previous = value.charCodeAt(end - 2);
    if (previous >= 0xd800 && previous <= 0xdbff) return 2;
  }
  return 1;
}

const isInvisible = (value: string, start: number, width: number) =>
  INVISIBLE_CHARACTER.test(value.slice(start, start + width));

/** True when the text has at least one character a reader can see. */
export function hasVisibleText(value: string | null | undefined): value is string {
  if (value == null) return false;
  for (let i = 0; i < value.length;) {
    const width = widthAt(value, i);
    if (!isInvisible(value, i, width)) return true;
    i += width;
  }
  return false;
}

/** The text without the invisible characters at its ends (inside it they are left as written). */
export function trimInvisible(value: string): string {
  let start = 0;
  while (start < value.length) {
    const width = widthAt(value, start);
    if (!isInvisible(value, start, width)) break;
    start += width;
  }
  let end = value.length;
  while (end > start) {
    const width = widthBefore(value, end);
    if (!isInvisible(value, end - width, width)) break;
    end -= width;
  }
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/**
 * True when the text is well-formed Unicode: no lone UTF-16 surrogate. A lone one cannot be stored
 * as written (UTF-8 has no encoding for it; the database keeps U+FFFD instead), so the stored text
 * would differ from the text the server read, hashed and answered.
 */
export function isWellFormedText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code >= 0xdc00) return false;
    const next = value.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** A required text field: trimmed of invisible ends, and refused with `message` when nothing visible is left. */
export function visibleText(message: string) {
  return z
    .string({ error: message })
    .refine(isWellFormedText, { message: TEXT_NOT_WELL_FORMED, abort: true })
    .overwrite(trimInvisible)
    .refine((value) => hasVisibleText(value), message);
}

/** An optional text field, trimmed of invisible ends: one made only of them is saved as empty. */
export function trimmedText() {
  return z.string().refine(isWellFormedText, { message: TEXT_NOT_WELL_FORMED, abort: true }).overwrite(trimInvisible);
}
