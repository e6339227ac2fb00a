// A reader of the SQLite file in a worker thread (see read-pool.ts): its own read-only
// connection to the same WAL database, so a slow read never blocks the server's event loop.
// Plain JavaScript, loaded by path: runs unchanged under tsx, vitest and a bundled server.
import { readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const Database = require(workerData.driver);

// On Linux a thread has its own nice value: the readers yield the CPU to the event loop thread,
// so a burst of searches slows the searches, not every other request.
if (workerData.nice) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) setPriority(tid, workerData.nice);
  } catch {
    // not Linux, or not allowed: the readers run at the server's priority
  }
}

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = ON');

const statements = new Map();
function prepare(sql) {
  let stmt = statements.get(sql);
  if (stmt) {
    statements.delete(sql);
  } else {
    stmt = db.prepare(sql);
    if (!stmt.reader) throw new Error('Der Lese-Worker führt nur lesende Abfragen aus.');
    if (statements.size >= 200) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, stmt);
  return stmt;
}

parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  const { id, sql, parameters } = message;
  try {
    const rows = prepare(sql).all(parameters);
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
