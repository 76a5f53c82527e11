// npm run demo: fills the configured database (DATA_DIR or DATABASE_URL) with realistic demo data
// (demo-data.ts), through the real API in-process.
import { addDemoData, demoStaff } from './demo-data.ts';
import { parseEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { bootServer } from './server.ts';

const env = parseEnv();
const logger = createLogger({ LOG_LEVEL: 'warn' });
const { app, database } = await bootServer({ ...env, LOG_LEVEL: 'warn' }, logger);
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password-1';

try {
  const added = await addDemoData(app, database.db, DEMO_PASSWORD);
  process.stdout.write(
    added.added
      ? `Demo data added: ${added.staff} staff (password ${DEMO_PASSWORD}: ${demoStaff.map((s) => s.username).join(', ')}), ` +
          `${added.bookings} bookings, ${added.samples.length} samples across every stage, ` +
          `${added.referenceCount} reference isotope records, ${added.analyses} analyses.\n`
      : 'Demo data is already present; nothing added.\n',
  );
} finally {
  await database.close();
}
