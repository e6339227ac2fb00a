import { describe, expect, it } from 'vitest';
import { handledElsewhere, ignoreFailure, setFailureLog, type FailureLog } from './best-effort';

const recorder = () => {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const log: FailureLog = {
    debug: (obj, msg) => lines.push({ level: 'debug', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
  };
  return { lines, log };
};

describe('best-effort steps', () => {
  it('log what failed, with the error message, and go on with the fallback', async () => {
    const { lines, log } = recorder();
    const value = await Promise.reject(new Error('disk gone')).catch(
      ignoreFailure('remove a staging blob', log, { fallback: null }),
    );
    expect(value).toBeNull();
    expect(lines).toEqual([
      { level: 'warn', obj: { err: 'disk gone' }, msg: 'best effort failed: remove a staging blob' },
    ]);
  });

  it('log at debug when asked, and through the process-wide logger without one at hand', async () => {
    const { lines, log } = recorder();
    setFailureLog(log);
    try {
      expect(
        await Promise.reject('nope').catch(ignoreFailure('close the audio input', null, { level: 'debug' })),
      ).toBeUndefined();
    } finally {
      setFailureLog(console);
    }
    expect(lines).toEqual([{ level: 'debug', obj: { err: 'nope' }, msg: 'best effort failed: close the audio input' }]);
  });

  it('keep a rejection seen elsewhere from going unhandled, without logging it twice', async () => {
    await expect(Promise.reject(new Error('x')).catch(handledElsewhere)).resolves.toBeUndefined();
  });
});
