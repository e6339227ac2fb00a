import { describe, expect, it } from 'vitest';
import { texts } from '../../../../common/texts';
import { cameraConstraints, cameraError } from './useVideoRecorder';

const v = texts.videoAnswers;
const domError = (name: string) => Object.assign(new Error(name), { name });

describe('the camera of a video answer', () => {
  it('a refused permission tells the person how to allow the camera', () => {
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError'])
      expect(cameraError(domError(name))).toBe(v.cameraDenied);
  });

  it('no camera (or none that can film as asked) says so, not "permission denied"', () => {
    for (const name of ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'])
      expect(cameraError(domError(name))).toBe(v.noCamera);
  });

  it('anything else (camera busy in another app, no error object) gets the general German message', () => {
    expect(cameraError(domError('NotReadableError'))).toBe(v.cameraFailed);
    expect(cameraError(null)).toBe(v.cameraFailed);
    expect(cameraError('kaputt')).toBe(v.cameraFailed);
  });

  it('asks for about 720p in the orientation the phone is held, with the chosen camera', () => {
    const portrait = cameraConstraints('user', 'portrait').video as MediaTrackConstraints;
    expect(portrait).toMatchObject({ facingMode: { ideal: 'user' }, width: { ideal: 720 }, height: { ideal: 1280 } });
    const landscape = cameraConstraints('environment', 'landscape').video as MediaTrackConstraints;
    expect(landscape).toMatchObject({
      facingMode: { ideal: 'environment' },
      width: { ideal: 1280 },
      height: { ideal: 720 },
      aspectRatio: { ideal: 1280 / 720 },
    });
  });

  it('records the voice with echo cancellation and noise suppression', () => {
    expect(cameraConstraints('user', 'portrait').audio).toEqual({ echoCancellation: true, noiseSuppression: true });
  });
});
