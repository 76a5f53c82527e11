// An analysis's class and status words, without zod: the app's route checks read them at start
// (the sign-in page pays for whatever its first chunk imports), the schemas build on them.

export const classifyValues = ['Pending', 'Unsatisfied', 'Neutral', 'Satisfied'] as const;
export type Classify = (typeof classifyValues)[number];

/** A saved analysis: Saved, then written to its sample entry, then (when satisfied) transferred. */
export const analysisStatuses = ['Saved', 'SavedToSampleEntry', 'Transferred'] as const;
export type AnalysisStatus = (typeof analysisStatuses)[number];
