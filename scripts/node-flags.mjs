// The V8 flags the server runs with (`npm start`, `npm run demo`; the benches use them too).
// --max-semi-space-size=2 (MB): uploads and downloads pass a few hundred MB/s through buffers
// that die young; a small young generation frees them in cheap scavenges, where with the default
// (16 MB) they pile up as external memory until V8 runs a full mark-compact for it, several times
// a second under load: measured with bench/responsiveness, 34 instead of 226 full collections in
// 30 s and event-loop delay p99 15 ms instead of 20 ms, with a lower RSS.
export const NODE_FLAGS = ['--max-semi-space-size=2'];
