import { CameraOffIcon, KeyboardIcon, ScanLineIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { Checkbox } from '@/app/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/app/components/ui/dialog';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Spinner } from '@/app/components/ui/spinner';
import { parseScan, type ScanResult } from './parse-scan';
import { signalRejectedScan, signalScan } from './scan-feedback';
import { useCameraScanner } from './use-camera-scanner';

/** What the screen made of a code it looked up: a refused one gets the reject signal and is not counted. */
export type ScanVerdict = { accepted: true; message?: string } | { accepted: false; message: string };

export type ScanDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once per accepted code (camera or typed). In single mode the dialog then closes. */
  onScan: (text: string, result: ScanResult) => void | ScanVerdict | Promise<void | ScanVerdict>;
  /** Which codes this screen takes; the others are refused with a message. Default: any but unknown. */
  accept?: (result: ScanResult) => boolean;
  /** Message for a refused code; defaults to "Not a sample label or certificate". */
  rejectMessage?: (text: string) => string;
  title?: string;
  description?: string;
  /** Start in continuous mode (many samples in a row, with beep, vibration and a tally). */
  continuous?: boolean;
  /** Show the switch between single and continuous mode. */
  allowContinuous?: boolean;
  /** The tally's wording (e.g. "3 samples checked in"); defaults to "3 codes scanned". */
  tallyLabel?: (count: number) => string;
};

// The camera keeps seeing a label for a while: the same text within this window is one scan.
const REPEAT_WINDOW_MS = 2500;

/**
 * Scans QR codes with the device camera (html5-qrcode), with a manual-entry field that is always
 * there: no camera, a denied permission or a damaged label must never stop the bench.
 */
export function ScanDialog({
  open,
  onOpenChange,
  onScan,
  accept = (result) => result.kind !== 'unknown',
  rejectMessage,
  title,
  description,
  continuous: initialContinuous = false,
  allowContinuous = true,
  tallyLabel,
}: ScanDialogProps) {
  const { t } = useTranslation('scan');
  const elementId = `scan-region-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [continuous, setContinuous] = useState(initialContinuous);
  const [manual, setManual] = useState('');
  const [scanned, setScanned] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const last = useRef<{ text: string; at: number } | null>(null);
  const busy = useRef(false);

  const reset = () => {
    setScanned([]);
    setNotice(null);
    setManual('');
    last.current = null;
  };

  const handleText = async (raw: string, from: 'camera' | 'manual') => {
    const text = raw.trim();
    if (!text || busy.current) return;
    const now = Date.now();
    if (from === 'camera' && last.current?.text === text && now - last.current.at < REPEAT_WINDOW_MS) {
      last.current = { text, at: now };
      return;
    }
    last.current = { text, at: now };
    const result = parseScan(text);
    if (!accept(result)) {
      signalRejectedScan();
      setNotice({ tone: 'error', text: rejectMessage?.(text) ?? t('unknown', { text }) });
      return;
    }
    if (continuous && scanned.includes(text)) {
      setNotice({ tone: 'info', text: t('duplicate', { text }) });
      return;
    }
    setNotice(null);
    busy.current = true;
    let verdict: void | ScanVerdict;
    try {
      verdict = await onScan(text, result);
    } finally {
      busy.current = false;
    }
    if (verdict && !verdict.accepted) {
      signalRejectedScan();
      setNotice({ tone: 'error', text: verdict.message });
      return;
    }
    signalScan();
    if (verdict?.message) setNotice({ tone: 'info', text: verdict.message });
    if (continuous) {
      setScanned((list) => [text, ...list]);
    } else {
      reset();
      onOpenChange(false);
    }
  };

  const camera = useCameraScanner(elementId, open, (text) => void handleText(text, 'camera'));

  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    const text = manual;
    setManual('');
    void handleText(text, 'manual');
  };

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const cameraMessage = camera === 'unavailable' ? t('noCamera') : camera === 'denied' ? t('cameraDenied') : null;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ScanLineIcon className="size-5" aria-hidden="true" />
            {title ?? t('title')}
          </DialogTitle>
          <DialogDescription>{description ?? t('description')}</DialogDescription>
        </DialogHeader>

        {cameraMessage ? (
          <p role="alert" className="flex items-start gap-2 rounded-md border bg-muted p-3 text-sm">
            <CameraOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {cameraMessage}
          </p>
        ) : (
          <div className="relative overflow-hidden rounded-md bg-black">
            <div id={elementId} data-testid="scan-camera" className="min-h-[240px] w-full" />
            {camera === 'starting' && (
              <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white">
                <Spinner /> {t('startingCamera')}
              </p>
            )}
          </div>
        )}

        <form onSubmit={submitManual} className="space-y-2">
          <Label htmlFor={`${elementId}-manual`} className="flex items-center gap-2">
            <KeyboardIcon className="size-4" aria-hidden="true" />
            {t('manualLabel')}
          </Label>
          <div className="flex gap-2">
            <Input
              id={`${elementId}-manual`}
              value={manual}
              onChange={(event) => setManual(event.target.value)}
              placeholder={t('manualPlaceholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="done"
            />
            <Button type="submit" disabled={!manual.trim()}>
              {t('submit')}
            </Button>
          </div>
        </form>

        {notice && (
          <p
            role="alert"
            className={notice.tone === 'error' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
          >
            {notice.text}
          </p>
        )}

        {allowContinuous && (
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${elementId}-continuous`}
              checked={continuous}
              onCheckedChange={(checked) => setContinuous(checked === true)}
            />
            <Label htmlFor={`${elementId}-continuous`}>{t('continuous')}</Label>
          </div>
        )}

        {continuous && (
          <div className="space-y-1">
            <p className="font-medium" aria-live="polite" data-testid="scan-tally">
              {tallyLabel?.(scanned.length) ?? t('tally', { count: scanned.length })}
            </p>
            {scanned.length > 0 && (
              <ul className="max-h-28 space-y-0.5 overflow-y-auto font-mono text-sm text-muted-foreground">
                {scanned.slice(0, 20).map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            )}
          </div>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={() => changeOpen(false)}>
            {t('done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
