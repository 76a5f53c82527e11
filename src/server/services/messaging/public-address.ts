import { BlockList, isIP } from 'node:net';

// Whether an IP address is one of the internet's, i.e. not inside some network: the server must not
// be made to call its own host or its neighbours (SSRF) on a user's say-so. The ranges are the IANA
// special-purpose registries' entries that are not globally reachable (RFC 6890 and its updates),
// plus multicast and the reserved 240/4; Node's BlockList does the matching.

const NOT_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 among it (RFC 791)
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // shared address space, carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services among it (RFC 3927)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (RFC 6890)
  ['192.0.2.0', 24], // documentation, TEST-NET-1 (RFC 5737)
  ['192.88.99.0', 24], // 6to4 relay anycast, deprecated (RFC 7526)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking (RFC 2544)
  ['198.51.100.0', 24], // documentation, TEST-NET-2
  ['203.0.113.0', 24], // documentation, TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast (RFC 1112, RFC 919)
];

/** IPv6 has one global unicast block (2000::/3); everything outside it is loopback, link-local, unique-local, multicast, unspecified… */
const GLOBAL_UNICAST_V6: readonly [string, number][] = [['2000::', 3]];

/** …and inside it, these are not on the internet either. */
const NOT_PUBLIC_V6: readonly [string, number][] = [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID… (RFC 2928)
  ['2001:db8::', 32], // documentation (RFC 3849)
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // segment routing SIDs (RFC 9602)
];

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits, judged as that address. */
const EMBEDS_V4_LAST: readonly [string, number][] = [
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64 well-known prefix (RFC 6052): a DNS64 resolver answers these for IPv4-only hosts
];
/** 6to4 (RFC 3056) carries its IPv4 address in bits 16–47. */
const SIX_TO_FOUR: readonly [string, number] = ['2002::', 16];

function blockListOf(ranges: readonly (readonly [string, number])[], family: 'ipv4' | 'ipv6') {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const notPublicV4 = blockListOf(NOT_PUBLIC_V4, 'ipv4');
const globalUnicastV6 = blockListOf(GLOBAL_UNICAST_V6, 'ipv6');
const notPublicV6 = blockListOf(NOT_PUBLIC_V6, 'ipv6');
const embedsV4Last = blockListOf(EMBEDS_V4_LAST, 'ipv6');
const sixToFour = blockListOf([SIX_TO_FOUR], 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted quad included). */
function groupsOf(address: string): number[] {
  let text = address;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const dottedQuad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** True when `address` (an IPv4 or IPv6 literal, without brackets) is a public internet address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, 'ipv4');
  if (family !== 6) return false;
  if (embedsV4Last.check(address, 'ipv6')) {
    const groups = groupsOf(address);
    return isPublicAddress(dottedQuad(groups[6]!, groups[7]!));
  }
  if (sixToFour.check(address, 'ipv6')) {
    const groups = groupsOf(address);
    return isPublicAddress(dottedQuad(groups[1]!, groups[2]!));
  }
  return globalUnicastV6.check(address, 'ipv6') && !notPublicV6.check(address, 'ipv6');
}

/** Loopback only (127/8, ::1 and its IPv4-mapped forms): where a push service on a test bench listens. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family !== 6) return false;
  const groups = groupsOf(address);
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true;
  return embedsV4Last.check(address, 'ipv6') && groups[5] === 0xffff && groups[6]! >> 8 === 127;
}

/** The address a URL's host names literally (brackets of an IPv6 host removed), or null for a name. */
export function addressLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}
