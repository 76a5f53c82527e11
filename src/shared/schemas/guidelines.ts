import { z } from 'zod';
import { visibleText } from '../visible-text.ts';

// The Guidelines page's text (Markdown) in both languages; the editor and the server share these rules.

export const GUIDELINES_MAX_LENGTH = 20_000;
export const GUIDELINES_EN_REQUIRED = 'The English text is required';
export const GUIDELINES_VI_REQUIRED = 'The Vietnamese text is required';
export const GUIDELINES_TOO_LONG = 'The text must be at most 20000 characters';

const guidelinesText = (required: string) => visibleText(required).max(GUIDELINES_MAX_LENGTH, GUIDELINES_TOO_LONG);

export const guidelinesSchema = z.object({
  en: guidelinesText(GUIDELINES_EN_REQUIRED),
  vi: guidelinesText(GUIDELINES_VI_REQUIRED),
});
export type GuidelinesInput = z.infer<typeof guidelinesSchema>;

/** The version last read; 0 while the built-in default text is shown. */
export const guidelinesVersion = z
  .number({ error: 'Version is required: send the version you last read' })
  .int('Version must be a whole number')
  .min(0, 'Version must be a whole number')
  .max(2_147_483_647, 'Version must be a whole number');
