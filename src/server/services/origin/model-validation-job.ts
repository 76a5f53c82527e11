// Runs in a worker thread (model-validation-worker.mjs): fitting the model, and refitting it once
// per held-out fold, takes seconds on a large reference set and must not stall the server's other
// requests.
import { parentPort, workerData } from 'node:worker_threads';
import { diagonalGaussianLearner, nearestCentroidLearner } from '../../../shared/origin-model/baselines.ts';
import { fitOriginModel, type ReferenceSample } from '../../../shared/origin-model/estimator.ts';
import { crossValidate } from '../../../shared/origin-model/validation.ts';
import { judgeOriginModel, type VerdictErrorReport } from '../../../shared/origin-model/verdict-errors.ts';

export type ValidationJobResult = {
  validation: ReturnType<typeof crossValidate>;
  verdictErrors: VerdictErrorReport;
  baselines: {
    name: 'nearestCentroid' | 'diagonalGaussian';
    accuracy: number;
    logLoss: number;
    expectedCalibrationError: number;
  }[];
};

export function judgeModel(references: readonly ReferenceSample[]): ValidationJobResult {
  // One cross-validation gives both the held-out figures and every verdict's error rates.
  const { validation, verdictErrors } = judgeOriginModel(references);
  const method = validation.method === 'leave-one-out' ? ('leave-one-out' as const) : { folds: validation.folds };
  const baselines = (
    [
      ['nearestCentroid', nearestCentroidLearner],
      ['diagonalGaussian', diagonalGaussianLearner],
    ] as const
  ).map(([name, learner]) => {
    const b = crossValidate(references, learner, method);
    return { name, accuracy: b.accuracy, logLoss: b.logLoss, expectedCalibrationError: b.expectedCalibrationError };
  });
  return { validation, verdictErrors, baselines };
}

if (parentPort && workerData?.job === 'judgeModel') {
  parentPort.postMessage(judgeModel(workerData.references as ReferenceSample[]));
}
// The model itself is fitted here too: with its 300 trees and nested choice of the mix, a fit
// on the 3,876-row tap-water set takes seconds that the server's event loop must not wait for.
if (parentPort && workerData?.job === 'fitModel') {
  parentPort.postMessage(fitOriginModel(workerData.references as ReferenceSample[]));
}
