// The suite-wide scan of issue 26 'Security' bites: a response carrying a secret sealed in this process, or a sealed
// secret's text, answers 500 in every test app, so whichever test asked fails there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '@/shared/endpoint.ts';
import { SEALED_SECRET_PATTERN, sealSecret } from '../kernel/secrets.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const PLAIN = 'smtp-password-that-must-not-leak';
let t: TestApp;
let sealed: string;

beforeAll(async () => {
  sealed = sealSecret('k'.repeat(40), PLAIN);
  t = await createTestApp(
    {},
    {
      extraRoutes(app) {
        const config = { access: access.public };
        app.get('/api/leak-plain', { config }, async () => ({ password: PLAIN }));
        app.get('/api/leak-sealed', { config }, async () => ({ stored: sealed }));
        app.get('/api/no-leak', { config }, async () => ({ hasPassword: true }));
      },
    },
  );
});
afterAll(() => t.close());

describe('secret scan of every test response', () => {
  it('recognises a sealed secret inside any text', () => {
    expect(SEALED_SECRET_PATTERN.test(`{"x":"${sealed}"}`)).toBe(true);
    expect(SEALED_SECRET_PATTERN.test('v1.2.3')).toBe(false);
  });

  it('answers 500 to a response holding a sealed secret or its plain text, and lets a clean one through', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/leak-plain' })).statusCode).toBe(500);
    expect((await t.app.inject({ method: 'GET', url: '/api/leak-sealed' })).statusCode).toBe(500);
    const clean = await t.app.inject({ method: 'GET', url: '/api/no-leak' });
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toEqual({ hasPassword: true });
  });
});
