import type { Plugin } from 'vite';

/**
 * @elevenlabs/client imports its WebRTC connection (and with it LiveKit, ~500 KB) statically,
 * although our pages always connect over the WebSocket. This rewrites the SDK's two static
 * imports of WebRTCConnection into a dynamic one, so LiveKit becomes its own chunk that is
 * fetched only if a WebRTC session were ever started. The interview pages load the SDK's
 * WebSocket part alone.
 */
export function voiceSdkWithoutWebRtc(): Plugin {
  return {
    name: 'content-assistent:voice-sdk-websocket-only',
    enforce: 'pre',
    transform(code, id) {
      const file = id.replace(/\\/g, '/');
      if (!file.includes('/@elevenlabs/client/dist/')) return null;
      // The SDK's index re-exports the class: a static edge to LiveKit that we do not use.
      if (file.endsWith('/dist/index.js') || file.endsWith('/utils/connection.js')) {
        const out = code.replace(/export \{ WebRTCConnection \} from "\.\/(utils\/)?WebRTCConnection\.js";/, '');
        if (out === code) throw new Error(`voice SDK: ${file} changed, update web/build/voice-sdk.ts`);
        return { code: out, map: null };
      }
      if (file.endsWith('/utils/ConnectionFactory.js')) {
        const out = code
          .replace('import { WebRTCConnection } from "./WebRTCConnection.js";', '')
          .replace(
            'return WebRTCConnection.create(config);',
            'return (await import("./WebRTCConnection.js")).WebRTCConnection.create(config);',
          );
        if (out.includes('WebRTCConnection.create(config);') && !out.includes('await import("./WebRTCConnection.js")'))
          throw new Error('voice SDK: ConnectionFactory changed, update web/build/voice-sdk.ts');
        if (out === code) throw new Error('voice SDK: ConnectionFactory changed, update web/build/voice-sdk.ts');
        return { code: out, map: null };
      }
      if (file.endsWith('/platform/VoiceSessionSetup.js')) {
        const out = code
          .replace('import { WebRTCConnection } from "../utils/WebRTCConnection.js";', '')
          // Only WebRTC connections come here; the class check would need LiveKit loaded.
          .replace(
            '!(connection instanceof WebRTCConnection)',
            '!(connection && connection.input && connection.output)',
          );
        if (out.includes('instanceof WebRTCConnection') || out === code)
          throw new Error('voice SDK: VoiceSessionSetup changed, update web/build/voice-sdk.ts');
        return { code: out, map: null };
      }
      return null;
    },
  };
}
