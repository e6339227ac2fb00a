import { useEffect, useState } from 'react';
import { isLocalId, isNumericId } from '../../../../common/content-id';
import { call } from '../../api/client';
import { ignoreFailure } from '../../../../common/best-effort';
import { getDraft } from '../submissions';

/** The voice message a submission already has: on the server, or kept on this device under a local id. */
export type KeptRecording = { url: string; where: 'server' | 'device' };

async function onServer(contentId: string): Promise<KeptRecording | null> {
  const media = await call('GET /submissions/:contentId/media', { params: { contentId } }, { contentId });
  const audio = media.filter((m) => m.kind === 'audio').at(-1);
  return audio ? { url: audio.url, where: 'server' } : null;
}

/**
 * What a person who comes back to the voice message (after "Zurück") has recorded already: the
 * page shows it as kept instead of an empty recorder.
 */
export function useKeptRecording(contentId: string | null): KeptRecording | null {
  const [kept, setKept] = useState<KeptRecording | null>(null);
  useEffect(() => {
    if (!contentId) return;
    let stopped = false;
    let objectUrl: string | null = null;
    const find = async (): Promise<KeptRecording | null> => {
      if (isNumericId(contentId)) return onServer(contentId);
      if (!isLocalId(contentId) || typeof indexedDB === 'undefined') return null;
      const draft = await getDraft(contentId);
      if (draft?.recording) {
        objectUrl = URL.createObjectURL(draft.recording.blob);
        return { url: objectUrl, where: 'device' };
      }
      // Sent meanwhile: it is on the server under the draft's Content-ID.
      return draft?.contentId !== undefined ? onServer(String(draft.contentId)) : null;
    };
    void find()
      .catch(ignoreFailure('look up a kept voice message', null, { level: 'debug', fallback: null }))
      .then((found) => {
        if (!stopped) setKept(found);
      });
    return () => {
      stopped = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [contentId]);
  return kept;
}
