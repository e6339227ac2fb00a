/**
 * The contributor's own page and what follows from it: withdrawals honoured at once, takedown
 * tasks, the export of everything stored about a person, erasure with its log, retention and the
 * record of processing. Other capabilities use only what is exported here.
 */
export { ownPageRoutes } from './routes';
export { eraseSubmissions, erasureLogFile, runDueErasures } from './erasure';
export { replayErasures } from './replay';
export { runRetention } from './retention';
export { ownPageMailLine, ownPageUrl } from './link';
