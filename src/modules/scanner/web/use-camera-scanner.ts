// The camera: getUserMedia on the rear camera, a frame decoded every 200 ms, each code reported once per 2 s so a
// barcode held in view is not counted twice. Every failure is a Ukrainian message, never an exception.
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadDetector } from './barcode-decoder.ts';
import { scannerWebMessages as messages } from './scanner.messages.ts';

const FRAME_MS = 200;
const REPEAT_MS = 2000;

export type CameraState = 'off' | 'starting' | 'on';

export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return messages.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return messages.cameraMissing;
  }
  if (name === 'NotReadableError' || name === 'AbortError') return messages.cameraBusy;
  return messages.cameraFailed;
}

export function useCameraScanner(onCode: (code: string) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<number | null>(null);
  const lastRef = useRef<{ code: string; at: number } | null>(null);
  const onCodeRef = useRef(onCode);
  const [state, setState] = useState<CameraState>('off');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stop = useCallback(() => {
    if (timerRef.current !== null) window.clearInterval(timerRef.current);
    timerRef.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('off');
  }, []);

  const start = useCallback(async () => {
    setError(null);
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError(messages.cameraUnsupported);
      return;
    }
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
    } catch (failure) {
      setState('off');
      setError(cameraErrorMessage(failure));
      return;
    }
    streamRef.current = stream;
    let detector;
    try {
      detector = await loadDetector();
    } catch {
      stop();
      setError(messages.decoderFailed);
      return;
    }
    const video = videoRef.current;
    if (!video || streamRef.current !== stream) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    video.srcObject = stream;
    video.muted = true;
    video.setAttribute('playsinline', 'true');
    await video.play().catch(() => undefined);
    setState('on');
    let busy = false;
    timerRef.current = window.setInterval(() => {
      if (busy || video.readyState < 2) return;
      busy = true;
      detector
        .detect(video)
        .then((found) => {
          const code = found[0]?.rawValue?.trim();
          if (!code) return;
          const now = Date.now();
          if (lastRef.current && lastRef.current.code === code && now - lastRef.current.at < REPEAT_MS) return;
          lastRef.current = { code, at: now };
          onCodeRef.current(code);
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, FRAME_MS);
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { videoRef, state, error, start, stop };
}
