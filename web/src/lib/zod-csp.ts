import { config } from 'zod';
import { germanZodError } from '../../../common/schemas/zod-de';

// zod probes `new Function` for its fast path; under our CSP (no 'unsafe-eval') that probe is
// reported as a violation on every page with a form. Imported by each page that parses with zod.
// Every rule without its own message is shown in German.
config({ jitless: true, customError: germanZodError });
