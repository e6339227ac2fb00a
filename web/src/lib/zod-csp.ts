// Kept for the pages that import it: the configuration itself now applies to every `zod` import
// of the web build (web/src/lib/zod-configured.ts, aliased in vite.config.ts).
import './zod-configured';
