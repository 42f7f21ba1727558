import { describe, expect, it } from 'vitest';
import { describeDevice, isMobileAgent } from './device.ts';
import { fitWithin } from './photo.ts';

describe('describeDevice', () => {
  it('names common browsers and systems shortly', () => {
    const edge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0';
    const firefox = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
    expect(describeDevice(edge)).toBe('Edge, Windows');
    expect(describeDevice(firefox)).toBe('Firefox, Linux');
    expect(describeDevice(safari)).toBe('Safari, macOS');
    expect(describeDevice(android)).toBe('Chrome, Android');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/124.0 Safari/537.36')).toBe('Chrome, Linux');
    expect(isMobileAgent(android)).toBe(true);
    expect(isMobileAgent(edge)).toBe(false);
  });

  it('falls back to the program name or an unknown device', () => {
    expect(describeDevice('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeDevice(null)).toBe('Невідомий пристрій');
    expect(describeDevice('  ')).toBe('Невідомий пристрій');
  });
});

describe('fitWithin', () => {
  it('shrinks into 256×256 keeping proportions and never enlarges', () => {
    expect(fitWithin(1024, 768)).toEqual({ width: 256, height: 192 });
    expect(fitWithin(300, 1200)).toEqual({ width: 64, height: 256 });
    expect(fitWithin(100, 80)).toEqual({ width: 100, height: 80 });
  });
});
