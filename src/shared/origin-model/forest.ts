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

/**
 * A forest as JSON-safe text, packed for the browser's cache: per node one byte of feature (255 at
 * a leaf), a float32 that is the threshold (or, at a leaf, the class, or −(offset + 1) into the
 * leaf shares) and the right child's distance from its parent in 16 bits (32 when a tree is huge).
 * A leaf that is not pure keeps only its classes present, each share in 1/255ths.
 */
export type SerialisedForest = {
  classes: number;
  features: number;
  trees: number;
  /** Bytes per right-child distance: 2, or 4 for trees of more than 65,535 nodes. */
  linkBytes: 2 | 4;
  feature: string;
  value: string;
  right: string;
  /** Per leaf that is not pure: the count k of classes present, then k pairs (class, share × 255). */
  leafShares: string;
};

export function serialiseForest(forest: Forest): SerialisedForest {
  if (forest.features > 254 || forest.classes > 255)
    throw new Error('A packed forest reads at most 254 elements and 255 regions');
  const n = forest.feature.length;
  const feature = new Uint8Array(n);
  const value = new Float32Array(n);
  let widest = 0;
  for (let i = 0; i < n; i++) {
    if (forest.feature[i]! >= 0) {
      feature[i] = forest.feature[i]!;
      value[i] = forest.threshold[i]!;
      widest = Math.max(widest, forest.link[i]! - i);
    } else {
      feature[i] = 255;
      const link = forest.link[i]!;
      value[i] = link < 0 ? -link - 1 : -(link + 1);
    }
  }
  const linkBytes = widest < 65536 ? 2 : 4;
  const right = linkBytes === 2 ? new Uint16Array(n) : new Uint32Array(n);
  for (let i = 0; i < n; i++) if (forest.feature[i]! >= 0) right[i] = forest.link[i]! - i;
  return {
    classes: forest.classes,
    features: forest.features,
    trees: forest.roots.length,
    linkBytes,
    feature: toBase64(feature),
    value: toBase64(value),
    right: toBase64(right),
    leafShares: toBase64(packShares(forest.leafShares, forest.classes)),
  };
}

export function deserialiseForest(s: SerialisedForest): Forest {
  const packed = new Uint8Array(fromBase64(s.feature));
  const value = new Float32Array(fromBase64(s.value));
  const rightBuffer = fromBase64(s.right);
  const right = s.linkBytes === 2 ? new Uint16Array(rightBuffer) : new Uint32Array(rightBuffer);
  const n = packed.length;
  const feature = new Int16Array(n);
  const threshold = new Float32Array(n);
  const link = new Int32Array(n);
  const roots = new Int32Array(s.trees);
  // Preorder: a tree ends when no node of it is still to come (a split adds two, every node is one).
  let tree = 0;
  let pending = 0;
  for (let i = 0; i < n; i++) {
    if (pending === 0) {
      roots[tree++] = i;
      pending = 1;
    }
    pending--;
    if (packed[i]! === 255) {
      feature[i] = -1;
      const v = value[i]!;
      link[i] = v >= 0 ? -(v + 1) : -v - 1;
    } else {
      feature[i] = packed[i]!;
      threshold[i] = value[i]!;
      link[i] = i + right[i]!;
      pending += 2;
    }
  }
  return {
    classes: s.classes,
    features: s.features,
    roots,
    feature,
    threshold,
    link,
    leafShares: unpackShares(new Uint8Array(fromBase64(s.leafShares)), s.classes),
  };
}

function packShares(shares: Float32Array, classes: number): Uint8Array {
  const out: number[] = [];
  for (let o = 0; o < shares.length; o += classes) {
    const present: number[] = [];
    for (let c = 0; c < classes; c++) if (shares[o + c]! > 0) present.push(c);
    out.push(present.length);
    for (const c of present) out.push(c, Math.max(1, Math.round(shares[o + c]! * 255)));
  }
  return Uint8Array.from(out);
}

function unpackShares(packed: Uint8Array, classes: number): Float32Array {
  const leaves: number[][] = [];
  for (let i = 0; i < packed.length;) {
    const k = packed[i++]!;
    const row = new Array<number>(classes).fill(0);
    let total = 0;
    for (let j = 0; j < k; j++, i += 2) {
      row[packed[i]!] = packed[i + 1]!;
      total += packed[i + 1]!;
    }
    leaves.push(row.map((v) => v / total));
  }
  return Float32Array.from(leaves.flat());
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const lookup = new Uint8Array(128);
for (let i = 0; i < alphabet.length; i++) lookup[alphabet.charCodeAt(i)] = i;

// Little-endian byte order is assumed on both sides (every browser and server platform we run on).
function toBase64(a: Uint8Array | Uint16Array | Uint32Array | Float32Array): string {
  const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const b2 = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    chunk +=
      alphabet[b0 >> 2]! +
      alphabet[((b0 & 3) << 4) | (b1 >> 4)]! +
      (i + 1 < bytes.length ? alphabet[((b1 & 15) << 2) | (b2 >> 6)]! : '=') +
      (i + 2 < bytes.length ? alphabet[b2 & 63]! : '=');
    if (chunk.length > 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

function fromBase64(s: string): ArrayBuffer {
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((s.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < s.length; i += 4) {
    const n =
      (lookup[s.charCodeAt(i)]! << 18) |
      (lookup[s.charCodeAt(i + 1)]! << 12) |
      (lookup[s.charCodeAt(i + 2)]! << 6) |
      lookup[s.charCodeAt(i + 3)]!;
    if (o < bytes.length) bytes[o++] = (n >> 16) & 255;
    if (o < bytes.length) bytes[o++] = (n >> 8) & 255;
    if (o < bytes.length) bytes[o++] = n & 255;
  }
  return bytes.buffer;
}
