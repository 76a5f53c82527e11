// Dense linear algebra for the small matrices of the origin model (one row and column per element,
// so at most a few dozen). Plain arrays keep the fitted model serialisable as JSON.

export type Matrix = number[][];

function zeros(n: number): Matrix {
  return Array.from({ length: n }, () => new Array<number>(n).fill(0));
}

/** Lower-triangular L with L·Lᵀ = a, or null when a is not positive definite. */
function cholesky(a: Matrix): Matrix | null {
  const n = a.length;
  const l = zeros(n);
  for (let i = 0; i < n; i++) {
    const li = l[i]!;
    const ai = a[i]!;
    for (let j = 0; j <= i; j++) {
      const lj = l[j]!;
      let sum = ai[j]!;
      for (let k = 0; k < j; k++) sum -= li[k]! * lj[k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        li[i] = Math.sqrt(sum);
      } else {
        li[j] = sum / lj[j]!;
      }
    }
  }
  return l;
}

/** Solves L·y = b for lower-triangular L. */
export function forwardSolve(l: Matrix, b: readonly number[]): number[] {
  const n = b.length;
  const y = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const li = l[i]!;
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= li[k]! * y[k]!;
    y[i] = sum / li[i]!;
  }
  return y;
}

/** log |Σ| from Σ's Cholesky factor. */
export function logDeterminant(l: Matrix): number {
  let sum = 0;
  for (let i = 0; i < l.length; i++) sum += Math.log(l[i]![i]!);
  return 2 * sum;
}

export function subMatrix(a: Matrix, indices: readonly number[]): Matrix {
  return indices.map((i) => indices.map((j) => a[i]![j]!));
}

export function squaredNorm(v: readonly number[]): number {
  let sum = 0;
  for (const x of v) sum += x * x;
  return sum;
}

/**
 * A positive-definite version of a symmetric matrix: its Cholesky factor, adding a growing ridge
 * to the diagonal until the factorisation succeeds (covariances from pairwise-complete data can be
 * slightly indefinite).
 */
export function choleskyWithRidge(a: Matrix): { matrix: Matrix; factor: Matrix } {
  let factor = cholesky(a);
  if (factor) return { matrix: a, factor };
  const scale = Math.max(1e-12, ...a.map((row, i) => Math.abs(row[i]!)));
  for (let ridge = 1e-9 * scale; ; ridge *= 10) {
    const adjusted = a.map((row, i) => row.map((v, j) => (i === j ? v + ridge : v)));
    factor = cholesky(adjusted);
    if (factor) return { matrix: adjusted, factor };
    if (ridge > scale * 1e6) throw new Error('covariance cannot be made positive definite');
  }
}
