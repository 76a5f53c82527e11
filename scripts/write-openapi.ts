// Writes openapi/openapi.json from the server's zod routes. The client types are generated from it
// by openapi-typescript (npm run openapi); CI regenerates both and fails when either is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { declaredApiDocument } from '../src/server/api-document.ts';
import { parseEnv } from '../src/server/env.ts';

const document = declaredApiDocument(parseEnv({ LOG_LEVEL: 'silent', STATIC_DIR: '' }));

mkdirSync('openapi', { recursive: true });
writeFileSync('openapi/openapi.json', `${JSON.stringify(document, null, 2)}\n`);
process.stdout.write('wrote openapi/openapi.json\n');
