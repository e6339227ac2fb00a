// A reader of the SQLite file in a worker thread (see read-pool.ts): its own read-only
// connection to the same WAL database, so a slow read never blocks the server's event loop.
// Plain JavaScript, loaded by path: runs unchanged under tsx, vitest and a bundled server.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Database = require(workerData.driver);

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
