// Issue 19's sweeps of whole classes of requests, on one app with the demo company (real ids everywhere): every
// endpoint through every spelling of its path, every state change as another site would send it, and every export
// with hostile text. The exports suite rewrites the demo data, so it runs last.
import { afterAll, beforeAll } from 'vitest';
import { createFuzzFixture, type FuzzFixture } from '../fuzz/fixture.ts';
import { crossSiteSuite } from './cross-site.suite.ts';
import { exportsSuite } from './exports.suite.ts';
import { pathSpellingsSuite } from './path-spellings.suite.ts';

let f: FuzzFixture;
beforeAll(async () => {
  f = await createFuzzFixture();
}, 180_000);
afterAll(() => f.close());

pathSpellingsSuite(() => f);
crossSiteSuite(() => f);
exportsSuite(() => f);
