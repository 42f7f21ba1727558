// A short beep and a buzz after each scan: high and short when it worked, low and long when it did not.
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) return null;
  try {
    context ??= new Ctor();
    return context;
  } catch {
    return null;
  }
}

export function scanFeedback(ok: boolean) {
  const ctx = audio();
  if (ctx) {
    try {
      if (ctx.state === 'suspended') void ctx.resume();
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = ok ? 'sine' : 'square';
      oscillator.frequency.value = ok ? 1320 : 220;
      gain.gain.value = 0.15;
      oscillator.connect(gain).connect(ctx.destination);
      const duration = ok ? 0.09 : 0.3;
      oscillator.start();
      oscillator.stop(ctx.currentTime + duration);
    } catch {
      // No sound is no reason to fail a scan.
    }
  }
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    navigator.vibrate(ok ? 60 : [120, 80, 120]);
  }
}
