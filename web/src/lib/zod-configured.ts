// The browser's `zod` (vite.config.ts aliases the bare import here): configured before any schema
// parses, whatever page loads first. jitless: zod's `new Function` probe would break our CSP
// (no 'unsafe-eval'); customError: every rule without its own message is shown in German.
import { config } from 'zod/v4';
import { germanZodError } from '../../../common/schemas/zod-de';

config({ jitless: true, customError: germanZodError });

export * from 'zod/v4';
export { default } from 'zod/v4';
