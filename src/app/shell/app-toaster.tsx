import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

// Toasts: bottom-right by default, 4000 ms, at most 5 visible per position (the rest
// queue), 440 px wide, at most 200 px high. Sign-in notices pass position 'top-right'.
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      duration={4000}
      visibleToasts={5}
      richColors
      closeButton
      style={{ '--width': '440px' } as CSSProperties}
      toastOptions={{ className: 'max-h-[200px] overflow-hidden' }}
    />
  );
}
