// Zod's built-in Ukrainian locale, so every validation message users read is Ukrainian on both sides.
import { z } from 'zod';

z.config(z.locales.uk());

export { z };
