// A short human name for a session's device from its User-Agent ('Chrome, Windows'), without a library.
import { profileMessages } from './profile.messages.ts';

const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bYaBrowser\//, 'Яндекс Браузер'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function isMobileAgent(userAgent: string | null): boolean {
  return userAgent !== null && /\b(?:Mobile|iPhone|iPad|Android)\b/.test(userAgent);
}

export function describeDevice(userAgent: string | null): string {
  const agent = userAgent?.trim();
  if (!agent) return profileMessages.device.unknown;
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return profileMessages.device.on(browser, system);
  if (browser ?? system) return (browser ?? system)!;
  // A program rather than a browser (curl/8.5, node): its own first word is the most honest name.
  return agent.split(/[\s;(]/)[0]!.slice(0, 40) || profileMessages.device.unknown;
}
