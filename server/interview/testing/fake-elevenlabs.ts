import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { DEFAULT_FORMAT_NAME } from '../../../common/interview/audio';
import type { ServerMessage } from '../../../common/interview/protocol';
import { encodeWav } from '../audio';

/**
 * A local stand-in for ElevenLabs that speaks its documented wire protocol: the signed-URL
 * endpoint, the Conversational AI WebSocket, and the conversation (transcript, audio) endpoints.
 * The agent is scripted: after each stretch of `secondsPerAnswer` of user audio (or a typed
 * user_message) it "hears" the next scripted line and asks the next question; after the last one
 * it closes the socket with 1000 as ElevenLabs does when the agent ends the call.
 */
export type FakeElevenLabsOptions = {
  apiKey: string;
  questions: string[];
  heard: string[];
  secondsPerAnswer?: number;
  /** How many transcript fetches answer 'processing' before 'done'. */
  processingPolls?: number;
  /** Agents that break the call after their first question, with this close code (not 1000: an error). */
  brokenAgents?: Record<string, number>;
};

type Conversation = {
  agent_id: string;
  status: string;
  transcript: { role: 'user' | 'agent'; message: string; time_in_call_secs: number }[];
  audio: Int16Array[];
  polls: number;
  pongs: number;
  clientData: unknown;
};

export type FakeElevenLabs = {
  url: string;
  conversations: Map<string, Conversation>;
  close(): Promise<void>;
};

export async function startFakeElevenLabs(opts: FakeElevenLabsOptions): Promise<FakeElevenLabs> {
  const signatures = new Map<string, string>();
  const conversations = new Map<string, Conversation>();
  const wss = new WebSocketServer({ noServer: true });
  const perAnswer = (opts.secondsPerAnswer ?? 1) * 16000;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['xi-api-key'] !== opts.apiKey) return json(401, { detail: { status: 'invalid_api_key' } });
    if (url.pathname === '/v1/convai/conversation/get-signed-url') {
      const agentId = url.searchParams.get('agent_id');
      if (!agentId) return json(422, { detail: 'agent_id missing' });
      const signature = randomBytes(12).toString('hex');
      signatures.set(signature, agentId);
      const { port } = server.address() as { port: number };
      return json(200, {
        signed_url: `ws://127.0.0.1:${port}/v1/convai/conversation?agent_id=${agentId}&conversation_signature=${signature}`,
      });
    }
    const m = /^\/v1\/convai\/conversations\/([^/]+)(\/audio)?$/.exec(url.pathname);
    const conversation = m ? conversations.get(m[1]!) : undefined;
    if (!m || !conversation) return json(404, { detail: 'not found' });
    if (m[2]) {
      if (!conversation.audio.length) return json(404, { detail: 'no audio' });
      const all = new Int16Array(conversation.audio.reduce((n, a) => n + a.length, 0));
      let pos = 0;
      for (const a of conversation.audio) all.set(a, pos), (pos += a.length);
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return res.end(encodeWav(all, 16000));
    }
    const processing = conversation.status === 'done' && conversation.polls++ < (opts.processingPolls ?? 0);
    return json(200, {
      agent_id: conversation.agent_id,
      conversation_id: m[1],
      status: processing ? 'processing' : conversation.status,
      transcript: conversation.transcript,
      metadata: { call_duration_secs: conversation.transcript.length },
    });
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const agentId = signatures.get(url.searchParams.get('conversation_signature') ?? '');
    if (url.pathname !== '/v1/convai/conversation' || !agentId || agentId !== url.searchParams.get('agent_id')) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    signatures.delete(url.searchParams.get('conversation_signature')!);
    wss.handleUpgrade(req, socket, head, (ws) => converse(ws, agentId));
  });

  function converse(ws: WebSocket, agentId: string) {
    const id = `conv_${randomBytes(8).toString('hex')}`;
    const conversation: Conversation = {
      agent_id: agentId,
      status: 'in-progress',
      transcript: [],
      audio: [],
      polls: 0,
      pongs: 0,
      clientData: null,
    };
    conversations.set(id, conversation);
    let eventId = 0;
    let question = 0;
    let heardSamples = 0;
    const started = Date.now();
    const secs = () => Math.round((Date.now() - started) / 1000);
    const send = (m: ServerMessage) => ws.send(JSON.stringify(m));
    const ask = () => {
      const text = opts.questions[question++];
      if (text === undefined) {
        conversation.status = 'done';
        ws.close(1000, 'Agent ended the call');
        return;
      }
      eventId++;
      conversation.transcript.push({ role: 'agent', message: text, time_in_call_secs: secs() });
      send({ type: 'agent_response', agent_response_event: { agent_response: text, event_id: eventId } });
      send({ type: 'audio', audio_event: { audio_base_64: Buffer.alloc(3200).toString('base64'), event_id: eventId } });
      const broken = opts.brokenAgents?.[agentId];
      if (broken) setTimeout(() => ws.close(broken, 'Agent crashed'), 1500);
    };
    const hear = (text: string) => {
      conversation.transcript.push({ role: 'user', message: text, time_in_call_secs: secs() });
      send({ type: 'user_transcript', user_transcription_event: { user_transcript: text, event_id: ++eventId } });
      ask();
    };
    const ping = setInterval(() => send({ type: 'ping', ping_event: { event_id: ++eventId, ping_ms: 20 } }), 200);
    ws.on('close', () => {
      clearInterval(ping);
      if (conversation.status === 'in-progress') conversation.status = 'done';
    });
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      if (message.type === 'conversation_initiation_client_data') {
        conversation.clientData = message;
        send({
          type: 'conversation_initiation_metadata',
          conversation_initiation_metadata_event: {
            conversation_id: id,
            agent_output_audio_format: DEFAULT_FORMAT_NAME,
            user_input_audio_format: DEFAULT_FORMAT_NAME,
          },
        });
        send({ type: 'ping', ping_event: { event_id: ++eventId, ping_ms: 20 } });
        ask();
      } else if (typeof message.user_audio_chunk === 'string') {
        const bytes = Buffer.from(message.user_audio_chunk, 'base64');
        conversation.audio.push(new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
        heardSamples += bytes.length / 2;
        if (heardSamples >= perAnswer && question <= opts.questions.length) {
          heardSamples = 0;
          hear(opts.heard[question - 1] ?? '…');
        }
      } else if (message.type === 'user_message' && typeof message.text === 'string') {
        hear(message.text);
      } else if (message.type === 'pong') {
        conversation.pongs++;
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    conversations,
    async close() {
      for (const c of wss.clients) c.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
