import { tenants, type TenantKey } from '../../common/tenants';
import type { TenantInfo } from '../../common/contracts/tenants';
import { addTurn, formatTranscript, type Turn } from '../../common/transcript';
import { voiceTopics, type VoiceTopic } from '../../common/schemas/interview';

/**
 * The agent id of a tenant's topic: the ELEVENLABS_AGENT_IDS setting (`tenant.topic`, `*.topic`,
 * `tenant.*`), then the seed's, then the tenant's row (`row`, from the tenant registry).
 */
export function agentIdFor(
  tenantKey: string,
  topic: VoiceTopic,
  setting: string | undefined,
  row?: Pick<TenantInfo, 'agentIds'> | null,
): string | null {
  const configured = new Map(
    (setting ?? '')
      .split(',')
      .map((pair) => pair.split('=').map((s) => s.trim()))
      .filter((p): p is [string, string] => p.length === 2 && !!p[0] && !!p[1]),
  );
  return (
    configured.get(`${tenantKey}.${topic}`) ??
    configured.get(`*.${topic}`) ??
    configured.get(`${tenantKey}.*`) ??
    tenants[tenantKey as TenantKey]?.agentIds[topic] ??
    row?.agentIds[topic] ??
    null
  );
}

/** Every agent id a tenant uses, over all its interview topics. */
export function agentIdsOfTenant(
  tenantKey: string,
  setting: string | undefined,
  row?: Pick<TenantInfo, 'agentIds'> | null,
): Set<string> {
  return new Set(
    voiceTopics.map((topic) => agentIdFor(tenantKey, topic, setting, row)).filter((id): id is string => !!id),
  );
}

export type ElevenLabsConversation = {
  conversation_id: string;
  agent_id: string;
  status: string;
  transcript: { role: 'user' | 'agent'; message: string | null }[];
};

export class ElevenLabsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The parts of the ElevenLabs API the interview needs; the API key stays on the server. */
export function elevenLabsApi(opts: { baseUrl: string; apiKey: string }) {
  const call = async (path: string) => {
    const res = await fetch(`${opts.baseUrl.replace(/\/+$/, '')}${path}`, {
      headers: { 'xi-api-key': opts.apiKey },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new ElevenLabsError(`ElevenLabs answered ${res.status} for ${path.split('?')[0]}`, res.status);
    return res;
  };
  return {
    async signedUrl(agentId: string): Promise<string> {
      const body = (await (
        await call(`/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(agentId)}`)
      ).json()) as { signed_url?: string };
      if (!body.signed_url) throw new ElevenLabsError('ElevenLabs sent no signed_url', 502);
      return body.signed_url;
    },
    async conversation(conversationId: string): Promise<ElevenLabsConversation> {
      return (await (
        await call(`/v1/convai/conversations/${encodeURIComponent(conversationId)}`)
      ).json()) as ElevenLabsConversation;
    },
    async conversationAudio(conversationId: string): Promise<{ data: Buffer; contentType: string } | null> {
      try {
        const res = await call(`/v1/convai/conversations/${encodeURIComponent(conversationId)}/audio`);
        return {
          data: Buffer.from(await res.arrayBuffer()),
          contentType: res.headers.get('content-type') ?? 'audio/mpeg',
        };
      } catch (error) {
        if (error instanceof ElevenLabsError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

/** ElevenLabs' transcript items in our format ('Interviewer:' / 'Sie:'). */
export function transcriptOf(conversation: ElevenLabsConversation): string {
  const turns = conversation.transcript.reduce<Turn[]>(
    (acc, item) =>
      item.message
        ? addTurn(acc, { speaker: item.role === 'agent' ? 'interviewer' : 'user', text: item.message })
        : acc,
    [],
  );
  return formatTranscript(turns);
}
