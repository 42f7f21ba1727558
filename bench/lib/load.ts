// HTTP load on one endpoint with autocannon (issue 10: 10 s, 10 connections). Latencies are taken from every
// response at full resolution (autocannon's own histogram keeps whole milliseconds, too coarse for sub-ms p50).
import autocannon from 'autocannon';
import { figures, type LoadFigures } from './stats.ts';

export interface HttpLoadOptions {
  url: string;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
}

export interface HttpLoadResult extends LoadFigures {
  statusCodes: Record<string, number>;
}

export function httpLoad(options: HttpLoadOptions): Promise<HttpLoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  const statusCodes: Record<string, number> = {};
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 30,
        headers: options.headers ?? {},
      },
      (err, result) => {
        if (err) return reject(err);
        const seconds = (performance.now() - started) / 1000;
        const requests = Object.values(statusCodes).reduce((a, b) => a + b, 0);
        resolve({
          ...figures(latencies, { requests, non2xx, errors: result.errors + result.timeouts }, seconds),
          statusCodes,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
      else non2xx += 1;
    });
  });
}
