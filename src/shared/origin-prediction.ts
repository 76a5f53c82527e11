/**
 * The prediction stored when no region fits a sample (every region's typicality is below the
 * atypical threshold). It is kept as this one word in analyses, on the sample and in its chain of
 * custody; a screen, file or PDF shows it in the reader's language (custody words,
 * `value.predictedOrigin.Atypical`), never as stored.
 */
export const ATYPICAL_PREDICTION = 'Atypical';

export const isAtypicalPrediction = (prediction: string | null | undefined) => prediction === ATYPICAL_PREDICTION;
