import { existsSync, readFileSync } from 'node:fs';
import type { Deps } from '../deps';
import { eraseSubmissions } from './erasure';

/** The submission ids of an erasure log file (one JSON object a line); unreadable lines are skipped. */
export function idsOfLogFile(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const id = (JSON.parse(line) as { submission?: unknown }).submission;
        return typeof id === 'number' && Number.isInteger(id) ? [id] : [];
      } catch {
        return [];
      }
    });
}

/**
 * After a restore: every erasure of the log (the restored database's and the given file's) is
 * carried out again, so an older backup does not bring an erased person back. The ids that were
 * missing from the restored log are added to it.
 */
export async function replayErasures(
  deps: Pick<Deps, 'db' | 'blobs' | 'config'>,
  logFile: string | null,
): Promise<{ submissions: number; files: number }> {
  const logged = await deps.db.selectFrom('erasure_log').select('submission_id').execute();
  const known = new Set(logged.map((r) => Number(r.submission_id)));
  const fromFile = logFile ? idsOfLogFile(logFile) : [];
  const ids = [...new Set([...known, ...fromFile])];
  const present = ids.length
    ? (await deps.db.selectFrom('submissions').select('id').where('id', 'in', ids).execute()).map((r) => Number(r.id))
    : [];
  const { files } = await eraseSubmissions(deps, present, { requestId: null, email: null, replay: true });
  const at = new Date().toISOString();
  for (const id of fromFile.filter((id) => !known.has(id)))
    await deps.db.insertInto('erasure_log').values({ at, request_id: null, submission_id: id }).execute();
  return { submissions: present.length, files };
}
