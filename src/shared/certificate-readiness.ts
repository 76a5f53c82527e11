import { hasVisibleText } from './visible-text.ts';

// When a final result may be confirmed. The certificate's origin statement is the verdict
// of an origin analysis saved to the sample, so confirming needs a conclusion a reader can see and
// either that analysis or the laboratory's recorded reason for going without it; and where the
// supervisor's predicted origin departs from the analysis, the reason for departing. The server
// refuses the confirmation with these messages and the supervisor's screen withholds Confirm and
// shows them: one rule, read in both places.

export const CONCLUSION_REQUIRED = 'Record a conclusion with visible text before confirming the final result.';
export const ORIGIN_ANALYSIS_REQUIRED =
  'Save an origin analysis to this sample, or record why the laboratory confirms it without one.';
export const DEPARTURE_REASON_REQUIRED =
  'The predicted origin differs from the saved origin analysis; record the reason before confirming.';

/** What the rule reads of the sample. */
export type ConfirmableSample = {
  conclusion: string | null | undefined;
  predictedOrigin: string | null | undefined;
  originReason: string | null | undefined;
};

/** What the rule reads of the latest origin analysis saved to the sample (null when there is none). */
export type SavedOriginVerdict = { prediction: string } | null;

const sameOrigin = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * True when the supervisor's predicted origin names another origin than the saved analysis predicts
 * (an analysis that finds no region fits predicts 'Atypical'). No predicted origin typed is no departure:
 * the certificate then states the analysis' verdict alone.
 */
export function departsFromAnalysis(sample: Pick<ConfirmableSample, 'predictedOrigin'>, saved: SavedOriginVerdict) {
  return !!saved && hasVisibleText(sample.predictedOrigin) && !sameOrigin(sample.predictedOrigin, saved.prediction);
}

/** The fields that stop a confirmation, each with its message; empty when the final result may be confirmed. */
export function finalResultProblems(
  sample: ConfirmableSample,
  saved: SavedOriginVerdict,
): Partial<Record<'conclusion' | 'originReason', string>> {
  const problems: Partial<Record<'conclusion' | 'originReason', string>> = {};
  if (!hasVisibleText(sample.conclusion)) problems.conclusion = CONCLUSION_REQUIRED;
  if (!hasVisibleText(sample.originReason)) {
    if (!saved) problems.originReason = ORIGIN_ANALYSIS_REQUIRED;
    else if (departsFromAnalysis(sample, saved)) problems.originReason = DEPARTURE_REASON_REQUIRED;
  }
  return problems;
}
