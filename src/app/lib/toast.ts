import { toast } from 'sonner';
import { wantToasts } from './toast-later';

// A screen that shows toasts imports `toast` from here, not from sonner: loading the screen mounts
// the app's Toaster too (lib/toast-later.ts).
wantToasts();

export { toast };
export type { ExternalToast } from 'sonner';
