import type { createRouter } from '../app.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerProfileRoutes } from './profile.ts';
import { registerSyncRoutes } from './sync.ts';

/** Every API area, in one place so the document and the permission-matrix test see them all. */
export function registerRoutes(app: ReturnType<typeof createRouter>) {
  registerAuthRoutes(app);
  registerProfileRoutes(app);
  registerSyncRoutes(app);
}
