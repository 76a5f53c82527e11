import { createFileRoute } from '@tanstack/react-router';
import { CertificateVerificationPage } from '@/app/features/certificates/certificate-verification-page';

// Public: anyone holding a certificate verifies it here, without signing in.
export const Route = createFileRoute('/certificate/$token')({
  component: CertificateRoute,
});

function CertificateRoute() {
  const { token } = Route.useParams();
  return <CertificateVerificationPage token={token} />;
}
