import { PlusIcon } from 'lucide-react';
import { Button } from '@/app/components/ui/button';

/** The button in a list screen's header that opens the form for a new record. */
export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon />
      {label}
    </Button>
  );
}
