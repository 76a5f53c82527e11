import { useEffect, useRef, useState } from 'react';

export type CameraState = 'starting' | 'scanning' | 'unavailable' | 'denied' | 'off';

/**
 * Runs html5-qrcode's camera decoder in the element with this id while `active`. The library is
 * loaded only when a camera is about to be used, so screens that never scan do not pay for it.
 */
export function useCameraScanner(elementId: string, active: boolean, onDecoded: (text: string) => void): CameraState {
  const [state, setState] = useState<'starting' | 'scanning' | 'denied'>('starting');
  const hasCamera = Boolean(globalThis.navigator?.mediaDevices?.getUserMedia);
  const handler = useRef(onDecoded);
  useEffect(() => {
    handler.current = onDecoded;
  });

  useEffect(() => {
    if (!active || !hasCamera) return;
    let cancelled = false;
    let stop: (() => Promise<void>) | null = null;
    const started = (async () => {
      const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
      if (cancelled || !document.getElementById(elementId)) return;
      const scanner = new Html5Qrcode(elementId, {
        verbose: false,
        formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
      });
      try {
        await scanner.start(
          { facingMode: 'environment' },
          {
            fps: 10,
            qrbox: (width, height) => {
              const side = Math.floor(Math.min(width, height) * 0.8);
              return { width: side, height: side };
            },
          },
          (text) => handler.current(text),
          () => undefined, // "no code in this frame": the normal case between scans
        );
      } catch {
        if (!cancelled) setState('denied');
        scanner.clear();
        return;
      }
      stop = async () => {
        try {
          await scanner.stop();
          scanner.clear();
        } catch {
          // Already stopped (the dialog closed while the camera was starting).
        }
      };
      if (cancelled) await stop();
      else setState('scanning');
    })();
    return () => {
      cancelled = true;
      setState('starting');
      void started.then(() => stop?.());
    };
  }, [active, elementId, hasCamera]);

  if (!active) return 'off';
  return hasCamera ? state : 'unavailable';
}
