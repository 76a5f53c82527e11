// A fitted forest (forest.ts) packed as JSON-safe text for the cached origin model: the browser
// stores it for offline analysis, so it must be small and must unpack to the same flat arrays.
import type { Forest } from './forest.ts';

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
