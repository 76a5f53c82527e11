// Entry of the worker thread that reads a measurement run's file (measurement-run-read-job.ts): plain
// JavaScript, so it can register the TypeScript loader before the job is imported.
import { register } from 'tsx/esm/api';

register();
await import('./measurement-run-read-job.ts');
