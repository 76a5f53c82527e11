import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server's layers (routes → http → services → auth → db) are kept by import-x/no-restricted-paths in
// eslint.config.js: these lint a line of code as if it stood in a module of each layer.
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// The first lint builds the TypeScript program the typed rules read, which takes a while on a busy machine.
describe('server layers', { timeout: 180_000 }, () => {
  it('refuses an import that runs back up a layer', async () => {
    const up = await layerErrors(
      'src/server/services/custody/audit.ts',
      "import type { AppRouter } from '../../http/context.ts';\nexport type Probe = AppRouter;\n",
    );
    expect(up).toHaveLength(1);
    expect(up[0]).toMatch(/src\/server\/services imports only its own layer/);
    const app = await layerErrors(
      'src/server/routes/bookings/guidelines.ts',
      "import type { createRouter } from '../../app.ts';\nexport type Probe = typeof createRouter;\n",
    );
    expect(app).toHaveLength(1);
  });

  it('lets a layer import the one below it', async () => {
    const down = await layerErrors(
      'src/server/http/context.ts',
      "import type { Actor } from '../services/custody/audit.ts';\nexport type Probe = Actor;\n",
    );
    expect(down).toEqual([]);
  });

  it('keeps the documents room free of the database and of the other rooms', async () => {
    const db = await layerErrors(
      'src/server/services/documents/zip-writer.ts',
      "import type { Executor } from '../../db/client.ts';\nexport type Probe = Executor;\n",
    );
    expect(db).toHaveLength(1);
    expect(db[0]).toMatch(/documents/);
    const room = await layerErrors(
      'src/server/services/documents/zip-writer.ts',
      "import type { Actor } from '../custody/audit.ts';\nexport type Probe = Actor;\n",
    );
    expect(room).toHaveLength(1);
    const own = await layerErrors(
      'src/server/services/documents/xlsx-writer.ts',
      "import { zipStream } from './zip-writer.ts';\nexport const probe = zipStream;\n",
    );
    expect(own).toEqual([]);
  });
});
