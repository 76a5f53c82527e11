import { createFileRoute } from '@tanstack/react-router';
import { ProtectedArea } from '@/app/features/auth/protected-area';
import { ThirdLabLayout } from '@/app/shell/third-lab-layout';

export const Route = createFileRoute('/_thirdlab')({
  component: () => (
    <ProtectedArea>
      <ThirdLabLayout />
    </ProtectedArea>
  ),
});
