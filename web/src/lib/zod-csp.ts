import { config } from 'zod';

// zod probes `new Function` for its fast path; under our CSP (no 'unsafe-eval') that probe is
// reported as a violation on every page with a form. Imported by each page that parses with zod.
config({ jitless: true });
