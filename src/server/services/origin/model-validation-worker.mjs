// Entry of the worker thread that judges an origin model (model-validation-job.ts): plain
// JavaScript, so it can register the TypeScript loader before the job is imported.
import { register } from 'tsx/esm/api';

register();
await import('./model-validation-job.ts');
