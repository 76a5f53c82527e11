import { CameraOffIcon, KeyboardIcon, ScanLineIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
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
export type ScanVerdict =
  | { accepted: true; message?: string }
  /** A refused code may still offer what its record allows, such as opening the scanned sample. */
  | { accepted: false; message: string; action?: ScanAction };

/** A follow-up a scan's line offers (its button closes the scanner, then runs it). */
export type ScanAction = { label: string; run: () => void };

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

export type ScanLogEntry = {
  id: number;
  text: string;
  tone: 'ok' | 'error' | 'info';
  message: string;
  action?: ScanAction;
};

/** How many scans the running list keeps on screen. */
const LOG_LENGTH = 50;

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
  /** What each scan did, newest first: the bench sees every label's fate, none is dropped. */
  const [log, setLog] = useState<ScanLogEntry[]>([]);
  const [waiting, setWaiting] = useState(0);
  const last = useRef<{ text: string; at: number } | null>(null);
  // Scans arrive faster than they are looked up (a keyboard-wedge scanner types a label every
  // 100-150 ms): each is queued behind the one before, never dropped.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const seen = useRef(new Set<string>());
  const logSeq = useRef(0);
  const closed = useRef(!open);
  useEffect(() => {
    closed.current = !open;
  }, [open]);

  const reset = () => {
    setScanned([]);
    setLog([]);
    setNotice(null);
    setManual('');
    last.current = null;
    seen.current = new Set();
  };

  const record = (text: string, tone: ScanLogEntry['tone'], message: string, action?: ScanAction) => {
    logSeq.current += 1;
    const entry: ScanLogEntry = { id: logSeq.current, text, tone, message, ...(action ? { action } : {}) };
    setLog((entries) => [entry, ...entries].slice(0, LOG_LENGTH));
    setNotice(tone === 'error' ? { tone: 'error', text: message } : message ? { tone: 'info', text: message } : null);
  };

  const processScan = async (text: string) => {
    if (closed.current) return;
    const result = parseScan(text);
    if (!accept(result)) {
      signalRejectedScan();
      record(text, 'error', rejectMessage?.(text) ?? t('unknown', { text }));
      return;
    }
    if (continuous && seen.current.has(text)) {
      record(text, 'info', t('duplicate', { text }));
      return;
    }
    let verdict: void | ScanVerdict;
    try {
      verdict = await onScan(text, result);
    } catch (error) {
      verdict = { accepted: false, message: error instanceof Error ? error.message : String(error) };
    }
    if (verdict && !verdict.accepted) {
      signalRejectedScan();
      record(text, 'error', verdict.message, verdict.action);
      return;
    }
    signalScan();
    if (continuous) {
      seen.current.add(text);
      setScanned((list) => [text, ...list]);
      record(text, 'ok', verdict?.message ?? text);
    } else {
      closed.current = true;
      reset();
      onOpenChange(false);
    }
  };

  const handleText = (raw: string, from: 'camera' | 'manual') => {
    const text = raw.trim();
    if (!text) return;
    const now = Date.now();
    if (from === 'camera' && last.current?.text === text && now - last.current.at < REPEAT_WINDOW_MS) {
      last.current = { text, at: now };
      return;
    }
    last.current = { text, at: now };
    setWaiting((count) => count + 1);
    queue.current = queue.current.then(() => processScan(text)).finally(() => setWaiting((count) => count - 1));
  };

  const camera = useCameraScanner(elementId, open, (text) => handleText(text, 'camera'));

  const submitManual = (event: FormEvent) => {
    event.preventDefault();
    const text = manual;
    setManual('');
    handleText(text, 'manual');
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

        {notice && !continuous && (
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
            {waiting > 0 && (
              <p className="text-sm text-muted-foreground" data-testid="scan-waiting">
                {t('waiting', { count: waiting })}
              </p>
            )}
            {log.length > 0 && (
              <ul
                className="max-h-40 space-y-0.5 overflow-y-auto text-sm"
                data-testid="scan-log"
                aria-label={t('log')}
                aria-live="polite"
              >
                {log.map((entry) => (
                  <li
                    key={entry.id}
                    data-outcome={entry.tone}
                    className={
                      entry.tone === 'error'
                        ? 'text-destructive'
                        : entry.tone === 'ok'
                          ? 'text-foreground'
                          : 'text-muted-foreground'
                    }
                  >
                    <span aria-hidden="true">{entry.tone === 'ok' ? '✓ ' : entry.tone === 'error' ? '✗ ' : '• '}</span>
                    {entry.message}
                    {entry.action && (
                      <Button
                        variant="link"
                        size="sm"
                        className="h-auto px-1 py-0"
                        onClick={() => {
                          changeOpen(false);
                          entry.action?.run();
                        }}
                      >
                        {entry.action.label}
                      </Button>
                    )}
                  </li>
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
