import type { VoiceTopic } from '../../common/schemas/interview';
import type { SignedUrlResponse } from '../../common/contracts/interview';
import { texts } from '../../common/texts';
import type { AppConfig } from '../config';
import { DomainError } from '../http/errors';
import type { TenantRegistry } from '../tenants';
import { agentIdFor, elevenLabsApi } from './elevenlabs';
import { issueVoiceToken } from './token';

/** `publicSlot`: the concurrent-interview slot of a public-link interview, freed when the socket closes. */
export type VoiceSession = {
  tenant: string;
  topic: VoiceTopic;
  contentId: number | null;
  userId: string | null;
  publicSlot?: number | null;
};

/** The voice agent port: where the browser's @elevenlabs/client connects for one interview. */
export type VoiceAgent = {
  readonly provider: SignedUrlResponse['provider'];
  signedUrl(session: VoiceSession, origin: { secure: boolean; host: string }): Promise<SignedUrlResponse>;
};

/** ElevenLabs Conversational AI: the server asks for a signed URL with its API key. */
export function elevenLabsAgent(
  config: Pick<AppConfig, 'ELEVENLABS_API_KEY' | 'ELEVENLABS_BASE_URL' | 'ELEVENLABS_AGENT_IDS'>,
  tenants: TenantRegistry,
): VoiceAgent {
  return {
    provider: 'elevenlabs',
    async signedUrl(session) {
      const row = (await tenants.fresh()).get(session.tenant);
      const agentId = agentIdFor(session.tenant, session.topic, config.ELEVENLABS_AGENT_IDS, row);
      if (!agentId || !config.ELEVENLABS_API_KEY)
        throw new DomainError('unavailable', texts.interview.unavailableAgent);
      try {
        const signedUrl = await elevenLabsApi({
          baseUrl: config.ELEVENLABS_BASE_URL,
          apiKey: config.ELEVENLABS_API_KEY,
        }).signedUrl(agentId);
        return { provider: 'elevenlabs', signedUrl, speech: 'server' };
      } catch (error) {
        // The browser gets the spec's connection error; the route logs the cause.
        throw Object.assign(new DomainError('unavailable', texts.interview.connectionError), { cause: error });
      }
    },
  };
}

/** Our own interviewer: a short-lived signed token for the WebSocket at /api/voice/agent. */
export function builtinAgent(config: Pick<AppConfig, 'authSecret'>, serverSpeech: boolean): VoiceAgent {
  return {
    provider: 'builtin',
    async signedUrl(session, origin) {
      const token = issueVoiceToken(config.authSecret, session);
      return {
        provider: 'builtin',
        signedUrl: `${origin.secure ? 'wss' : 'ws'}://${origin.host}/api/voice/agent?token=${token}`,
        speech: serverSpeech ? 'server' : 'browser',
      };
    },
  };
}

export function createVoiceAgent(config: AppConfig, serverSpeech: boolean, tenants: TenantRegistry): VoiceAgent {
  return config.VOICE_AGENT === 'elevenlabs' ? elevenLabsAgent(config, tenants) : builtinAgent(config, serverSpeech);
}
