// Tree ensembles for origin assignment: random forest (bootstrap, best threshold per feature) and
// extremely randomised trees (no bootstrap, one random threshold per feature), as scikit-learn
// defines them by default: Gini impurity, √features examined per split (constant features do not
// count, so a split is always found when one exists), trees grown until their leaves are pure.
// The forest's probability is the mean over trees of the leaf's class shares.
//
// Why written here rather than taken from a package: the fitted trees are part of the origin model
// the browser caches for offline analysis, so they live in flat typed arrays (a preorder layout:
// an internal node's left child is the next node, its right child is stored) that serialise to a
// few base64 strings; and every run repeats, from a seeded random number generator.

export type ForestKind = 'random-forest' | 'extra-trees';

export type ForestOptions = {
  kind: ForestKind;
  trees: number;
  seed: number;
  /** Features examined per split; default ⌊√features⌋ (at least 1). */
  maxFeatures?: number;
  /** A split must leave at least this many rows on each side (default 1: grown until pure). */
  minSamplesLeaf?: number;
};

/** A fitted forest, flat: every tree's nodes one after another. */
export type Forest = {
  classes: number;
  features: number;
  /** Index of each tree's first node. */
  roots: Int32Array;
  /** Split feature, or −1 at a leaf. */
  feature: Int16Array;
  /** Split threshold: x ≤ threshold goes left. */
  threshold: Float32Array;
  /** Internal node: index of the right child. Leaf: −(class + 1) when pure, else offset in `leafShares`. */
  link: Int32Array;
  /** Class shares of the leaves that are not pure (identical values of different classes). */
  leafShares: Float32Array;
};

/** mulberry32: a small, fast, seeded generator, so forests are the same in every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Growable {
  feature = new Int16Array(1024);
  threshold = new Float32Array(1024);
  link = new Int32Array(1024);
  size = 0;
  shares: number[] = [];
  push(feature: number, threshold: number, link: number): number {
    if (this.size === this.feature.length) {
      const grow = <T extends Int16Array | Float32Array | Int32Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.feature = grow(this.feature);
      this.threshold = grow(this.threshold);
      this.link = grow(this.link);
    }
    this.feature[this.size] = feature;
    this.threshold[this.size] = threshold;
    this.link[this.size] = link;
    return this.size++;
  }
}

/**
 * Fits a forest. `x` is row-major (rows × features, no missing values: impute before), `y` the
 * class index of each row (0 … classes − 1).
 */
export function fitForest(
  x: Float64Array,
  y: Int32Array,
  classes: number,
  features: number,
  options: ForestOptions,
): Forest {
  const rows = y.length;
  const random = seededRandom(options.seed);
  const maxFeatures = Math.max(1, Math.min(features, options.maxFeatures ?? Math.floor(Math.sqrt(features))));
  const out = new Growable();
  const roots = new Int32Array(options.trees);
  const counts = new Float64Array(classes);
  const left = new Float64Array(classes);
  const order = new Int32Array(features);
  const keys = new Float64Array(rows);
  const extra = options.kind === 'extra-trees';
  const minLeaf = Math.max(1, options.minSamplesLeaf ?? 1);

  const grow = (idx: Int32Array, start: number, end: number): void => {
    counts.fill(0);
    for (let i = start; i < end; i++) counts[y[idx[i]!]!]!++;
    const n = end - start;
    let present = 0;
    let only = 0;
    for (let c = 0; c < classes; c++)
      if (counts[c]! > 0) {
        present++;
        only = c;
      }
    const leaf = () => {
      if (present === 1) out.push(-1, 0, -(only + 1));
      else {
        out.push(-1, 0, out.shares.length);
        for (let c = 0; c < classes; c++) out.shares.push(counts[c]! / n);
      }
    };
    if (present <= 1 || n < 2 * minLeaf) return leaf();

    // Gini: maximise Σ_children Σ_c n_c² / n_child.
    let bestScore = -Infinity;
    let bestFeature = -1;
    let bestThreshold = 0;
    for (let j = 0; j < features; j++) order[j] = j;
    let examined = 0;
    const total = counts.slice();
    for (let k = 0; k < features && examined < maxFeatures; k++) {
      // Fisher–Yates, one step at a time: the next feature at random among those left.
      const pick = k + Math.floor(random() * (features - k));
      const f = order[pick]!;
      order[pick] = order[k]!;
      order[k] = f;
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = start; i < end; i++) {
        const v = x[idx[i]! * features + f]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      if (!(hi > lo)) continue; // constant here: does not count toward maxFeatures
      examined++;
      if (extra) {
        // One threshold drawn uniformly over the feature's range in this node. With minLeaf > 1 it
        // is drawn again (up to 10 times) until both sides keep minLeaf rows: that is uniform over
        // the thresholds that may be used (scikit-learn gives up on the feature at the first draw,
        // which stops a tree early near outliers).
        let t = lo;
        let nl = 0;
        for (let attempt = 0; attempt < (minLeaf > 1 ? 10 : 1); attempt++) {
          t = lo + random() * (hi - lo);
          if (t >= hi) t = lo; // float rounding: keep both sides non-empty
          left.fill(0);
          nl = 0;
          for (let i = start; i < end; i++) {
            const r = idx[i]!;
            if (x[r * features + f]! <= t) {
              left[y[r]!]!++;
              nl++;
            }
          }
          if (nl >= minLeaf && n - nl >= minLeaf) break;
        }
        const score = nl < minLeaf || n - nl < minLeaf ? -Infinity : giniScore(left, total, nl, n, classes);
        if (score > bestScore) {
          bestScore = score;
          bestFeature = f;
          bestThreshold = t;
        }
      } else {
        for (let i = start; i < end; i++) keys[idx[i]!] = x[idx[i]! * features + f]!;
        idx.subarray(start, end).sort((a, b) => keys[a]! - keys[b]!);
        left.fill(0);
        for (let i = start; i < end - 1; i++) {
          left[y[idx[i]!]!]!++;
          const here = keys[idx[i]!]!;
          const next = keys[idx[i + 1]!]!;
          if (next <= here || i - start + 1 < minLeaf || end - i - 1 < minLeaf) continue;
          const score = giniScore(left, total, i - start + 1, n, classes);
          if (score > bestScore) {
            bestScore = score;
            bestFeature = f;
            bestThreshold = here + (next - here) / 2;
            if (bestThreshold >= next) bestThreshold = here;
          }
        }
      }
    }
    if (bestFeature < 0) return leaf();
    // Partition in place: rows going left first.
    let i = start;
    let j = end - 1;
    while (i <= j) {
      if (x[idx[i]! * features + bestFeature]! <= bestThreshold) i++;
      else {
        const t = idx[i]!;
        idx[i] = idx[j]!;
        idx[j] = t;
        j--;
      }
    }
    if (i === start || i === end) return leaf();
    const node = out.push(bestFeature, Math.fround(bestThreshold), 0);
    // The threshold is stored as float32: rows must go the same way at prediction.
    const stored = out.threshold[node]!;
    if (stored !== bestThreshold) {
      let a = start;
      let b = end - 1;
      while (a <= b) {
        if (x[idx[a]! * features + bestFeature]! <= stored) a++;
        else {
          const t = idx[a]!;
          idx[a] = idx[b]!;
          idx[b] = t;
          b--;
        }
      }
      i = a;
      if (i - start < minLeaf || end - i < minLeaf) {
        // Rounding put every row on one side: this node becomes a leaf.
        out.size = node;
        counts.set(total);
        return leaf();
      }
    }
    grow(idx, start, i);
    out.link[node] = out.size;
    grow(idx, i, end);
  };

  for (let t = 0; t < options.trees; t++) {
    const idx = new Int32Array(rows);
    if (extra) for (let i = 0; i < rows; i++) idx[i] = i;
    else for (let i = 0; i < rows; i++) idx[i] = Math.floor(random() * rows);
    roots[t] = out.size;
    grow(idx, 0, rows);
  }
  return {
    classes,
    features,
    roots,
    feature: out.feature.slice(0, out.size),
    threshold: out.threshold.slice(0, out.size),
    link: out.link.slice(0, out.size),
    leafShares: Float32Array.from(out.shares),
  };
}

function giniScore(left: Float64Array, total: Float64Array, nl: number, n: number, classes: number): number {
  const nr = n - nl;
  if (nl === 0 || nr === 0) return -Infinity;
  let sl = 0;
  let sr = 0;
  for (let c = 0; c < classes; c++) {
    const l = left[c]!;
    const r = total[c]! - l;
    sl += l * l;
    sr += r * r;
  }
  return sl / nl + sr / nr;
}

/** The forest's class probabilities for one row (no missing values). */
export function forestProbabilities(forest: Forest, row: ArrayLike<number>): number[] {
  const p = new Array<number>(forest.classes).fill(0);
  const trees = forest.roots.length;
  for (let t = 0; t < trees; t++) {
    let node = forest.roots[t]!;
    while (forest.feature[node]! >= 0)
      node = row[forest.feature[node]!]! <= forest.threshold[node]! ? node + 1 : forest.link[node]!;
    const link = forest.link[node]!;
    if (link < 0) p[-link - 1]! += 1;
    else for (let c = 0; c < forest.classes; c++) p[c]! += forest.leafShares[link + c]!;
  }
  for (let c = 0; c < forest.classes; c++) p[c]! /= trees;
  return p;
}

export { deserialiseForest, serialiseForest } from './forest-serialise.ts';
