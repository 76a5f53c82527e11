import { z } from 'zod';

/**
 * The version of a record its editor last read; the server refuses the write (409) if it moved on.
 * Update bodies extend their form's schema with it: forms validate without it and add the version
 * they loaded when they submit.
 */
export const recordVersion = z
  .number({ error: 'Version is required: send the version you last read' })
  .int('Version must be a whole number')
  .positive('Version must be a whole number')
  .max(2_147_483_647, 'Version must be a whole number');
