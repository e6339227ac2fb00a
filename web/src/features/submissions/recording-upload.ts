import type { TranscriptionStatus, VoiceMessageUploaded } from '../../../../common/schemas/voice-messages';
import { texts } from '../../../../common/texts';
import { apiUrl, call } from '../../api/client';
import { ApiError, submissionHeaders } from '../../lib/api';

/** Sends the recording as the request body, reporting real transfer progress (0–100). */
export function uploadRecording(
  contentId: string,
  blob: Blob,
  onProgress: (percent: number) => void,
): Promise<VoiceMessageUploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('POST /submissions/:contentId/voice-message', { contentId }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', blob.type || 'application/octet-stream');
    for (const [name, value] of Object.entries(submissionHeaders(contentId))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      // biome-ignore lint/suspicious/noExplicitAny: the upload response is read like readJson's
      let json: any = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as VoiceMessageUploaded);
      else
        reject(new ApiError(xhr.status, json?.message ?? texts.voiceMessages.uploadFailed, json?.error, json?.title));
    };
    xhr.onerror = () => reject(new ApiError(0, texts.common.serverUnavailable));
    xhr.send(blob);
  });
}

/** Asks every second until the transcription job is done or failed for good. */
export async function waitForTranscript(
  contentId: string,
  jobId: number,
  onStatus: (status: TranscriptionStatus['status']) => void,
  signal: AbortSignal,
): Promise<TranscriptionStatus> {
  for (;;) {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    let status: TranscriptionStatus | null = null;
    try {
      status = await call(
        'GET /submissions/:contentId/transcriptions/:jobId',
        { params: { contentId, jobId } },
        { contentId, signal },
      );
    } catch (error) {
      // A short network hiccup does not end the wait; anything the server refuses does.
      if (!(error instanceof ApiError) || !error.unreachable) throw error;
    }
    if (status) {
      onStatus(status.status);
      if (status.status === 'done' || status.status === 'failed') return status;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
