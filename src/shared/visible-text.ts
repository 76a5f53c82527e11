import { z } from 'zod';

// The one rule for "blank" (issue 33): text a person can see, not text that merely has characters.
// A conclusion of a zero-width space or a word joiner looks empty on every screen and certificate,
// so it must count as empty wherever the API refuses blank text. Server and app share this rule.

/**
 * Characters that print nothing: white space and other separators (Z*, including no-break and the
 * ideographic space), control characters (Cc), format characters (Cf: zero-width space U+200B,
 * ZWNJ/ZWJ U+200C/U+200D, word joiner U+2060, BOM U+FEFF, soft hyphen U+00AD, bidi marks…), and the
 * few letters and marks that are drawn blank (combining grapheme joiner, Hangul fillers, Khmer
 * inherent vowels, Mongolian vowel separator, Braille blank).
 */
// The combining grapheme joiner and the Khmer inherent vowels are marks, so they stand outside the class.
const INVISIBLE = '(?:[\\s\\p{Z}\\p{Cc}\\p{Cf}\\u115F\\u1160\\u180E\\u2800\\u3164\\uFFA0]|\\u034F|\\u17B4|\\u17B5)';
const ANY_INVISIBLE = new RegExp(INVISIBLE, 'gu');
const INVISIBLE_AT_ENDS = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, 'gu');

/** True when the text has at least one character a reader can see. */
export function hasVisibleText(value: string | null | undefined): value is string {
  return value != null && value.replace(ANY_INVISIBLE, '').length > 0;
}

/** The text without the invisible characters at its ends (inside it they are left as written). */
export function trimInvisible(value: string): string {
  return value.replace(INVISIBLE_AT_ENDS, '');
}

/** A required text field: trimmed of invisible ends, and refused with `message` when nothing visible is left. */
export function visibleText(message: string) {
  return z
    .string({ error: message })
    .overwrite(trimInvisible)
    .refine((value) => hasVisibleText(value), message);
}

/** An optional text field, trimmed of invisible ends: one made only of them is saved as empty. */
export function trimmedText() {
  return z.string().overwrite(trimInvisible);
}
