import { CloudOffIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Says that what is shown is this device's copy, because the server could not be asked. */
export function OfflineCopyNotice({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="status">
      <CloudOffIcon className="size-4" />
      {children}
    </p>
  );
}

/** What an offline-first list says above its rows: that it is a cached copy, and the last refresh's error. */
export function ListNotices({
  isOffline,
  error,
  offlineMessage,
}: {
  isOffline: boolean;
  error: string | null;
  offlineMessage: ReactNode;
}) {
  return (
    <>
      {isOffline && <OfflineCopyNotice>{offlineMessage}</OfflineCopyNotice>}
      {error && (
        <p className="rounded-md bg-destructive/10 p-2 text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
