// Entry of the worker thread that draws PDFs (pdf-job.ts): plain JavaScript, so it can register the
// TypeScript loader before the job is imported.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-job.ts');
