// npm run lockfile: adds to package-lock.json the platform-specific optional packages that npm left
// out of it (the lock names them in a parent's optionalDependencies but has no entry of their own,
// npm/cli issue 4828; here also because the registry this project installs from does not carry
// every platform's build), without which `npm ci` on npm 11 refuses the lock as out of sync. Run it
// after changing dependencies; it only adds entries. Each entry carries the package's os and cpu
// (from the registry, or read off its name where the registry lacks it), so npm skips it on
// every other platform and never needs to download it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
};

type Metadata = {
  version: string;
  dist?: { integrity: string };
  os?: string[];
  cpu?: string[];
  libc?: string[];
  license?: string;
  engines?: Record<string, string>;
};

function registryMetadata(name: string, version: string): Metadata | undefined {
  try {
    const fields = ['version', 'dist', 'os', 'cpu', 'libc', 'license', 'engines'];
    const text = execFileSync('npm', ['view', `${name}@${version}`, '--json', ...fields], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return JSON.parse(text) as Metadata;
  } catch {
    return undefined;
  }
}

const OS_NAMES = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'wasi'];
const CPU_NAMES = ['arm64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'x64', 'wasm32'];

/** Platform packages are named for what they run on: rollup-linux-arm64-musl, oxide-win32-x64-msvc. */
function platformOfName(name: string, version: string): Metadata {
  const parts = (name.split('/').pop() ?? name).split('-');
  const os = parts.find((p) => OS_NAMES.includes(p));
  const cpu = parts.find((p) => CPU_NAMES.includes(p));
  const meta: Metadata = { version };
  if (os) meta.os = [os];
  if (cpu) meta.cpu = [cpu];
  if (cpu === 'wasm32') meta.os = meta.os ?? ['!linux', '!darwin', '!win32'];
  if (parts.includes('musl')) meta.libc = ['musl'];
  else if (parts.includes('gnu') || parts.includes('gnueabihf')) meta.libc = ['glibc'];
  return meta;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;
let added = 0;

for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const meta = registryMetadata(name, version) ?? platformOfName(name, version);
    if (!meta.os || !meta.cpu) throw new Error(`cannot tell the platform of ${name}@${version}`);
    const added_entry: LockEntry = { version: meta.version };
    if (meta.dist?.integrity) added_entry.integrity = meta.dist.integrity;
    if (meta.cpu) added_entry.cpu = meta.cpu;
    if (entry.dev) added_entry.dev = true;
    if (meta.engines) added_entry.engines = meta.engines;
    if (meta.libc) added_entry.libc = meta.libc;
    if (meta.license) added_entry.license = meta.license;
    added_entry.optional = true;
    if (meta.os) added_entry.os = meta.os;
    packages[hoisted] = added_entry;
    added += 1;
  }
}

// npm keeps the entries sorted by path as its own comparison does (locale order: 'http_ece' before 'http-link-header'), the root ("") first.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`package-lock.json: ${added} optional platform package(s) added\n`);
