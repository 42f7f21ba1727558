// Node runs the server's .ts files directly (type stripping); this hook gives it the same `@/` alias
// that Vite, Vitest and tsconfig use, so one import style works everywhere (see docs/decisions/0002).
import { registerHooks } from 'node:module';

const srcUrl = new URL('../', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('@/')) {
      return nextResolve(srcUrl + specifier.slice(2), context);
    }
    return nextResolve(specifier, context);
  },
});
