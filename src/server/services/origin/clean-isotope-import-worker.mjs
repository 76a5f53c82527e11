// Entry of the worker thread that reads an import file (clean-isotope-import-job.ts): plain
// JavaScript, so it can register the TypeScript loader before the job is imported.
import { register } from 'tsx/esm/api';

register();
await import('./clean-isotope-import-job.ts');
