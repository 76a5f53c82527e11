import type { createRouter } from '../app.ts';
import { registerCountryRoutes } from './countries.ts';
import { registerLookupRoutes } from './lookups.ts';
import { registerOutboundMailRoutes } from './outbound-mail.ts';
import { registerRoleRoutes } from './roles.ts';
import { registerUploadRoutes } from './uploads.ts';
import { registerUserRoutes } from './users.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerBookingRoutes } from './bookings.ts';
import { registerCustomerRoutes } from './customers.ts';
import { registerSubmittalFormRoutes } from './submittal-form.ts';
import { registerProfileRoutes } from './profile.ts';
import { registerSyncRoutes } from './sync.ts';
import { registerCsLabRoutes } from './cs-lab.ts';
import { registerTesterLabRoutes } from './tester-lab.ts';
import { registerDispatchBatchRoutes } from './dispatch-batches.ts';
import { registerThirdLabRoutes } from './third-lab.ts';
import { registerSupervisorLabRoutes } from './supervisor-lab.ts';
import { registerCustodyRoutes } from './custody.ts';
import { registerCertificateRoutes } from './certificates.ts';
import { registerLabelRoutes } from './labels.ts';
import { registerDeletionRoutes } from './deletions.ts';

/** Every API area, in one place so the document and the permission-matrix test see them all. */
export function registerRoutes(app: ReturnType<typeof createRouter>) {
  registerAuthRoutes(app);
  registerProfileRoutes(app);
  registerSyncRoutes(app);
  registerDeletionRoutes(app);
  registerCsLabRoutes(app);
  registerTesterLabRoutes(app);
  registerDispatchBatchRoutes(app);
  registerThirdLabRoutes(app);
  registerSupervisorLabRoutes(app);
  registerCustodyRoutes(app);
  registerCertificateRoutes(app);
  registerLabelRoutes(app);
  registerSubmittalFormRoutes(app);
  registerBookingRoutes(app);
  registerCustomerRoutes(app);
  registerUserRoutes(app);
  registerRoleRoutes(app);
  registerCountryRoutes(app);
  registerLookupRoutes(app);
  registerUploadRoutes(app);
  registerOutboundMailRoutes(app);
}
