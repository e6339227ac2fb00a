import WebSocket from 'ws';
import { encodeChunk } from '../../../common/interview/audio';
import {
  type ClientMessage,
  type ServerMessage,
  type ServerMessageType,
  SUBPROTOCOL,
} from '../../../common/interview/protocol';

/** A frame as the server sent it (read without checks: a test sees what came), with its arrival time. */
export type ProtocolMessage = { type?: string; receivedAt: number; [key: string]: any };
/** A received message of one type (common/interview/protocol.ts). */
export type Received<T extends ServerMessageType> = Extract<ServerMessage, { type: T }> & { receivedAt: number };

/**
 * Talks to an agent the way @elevenlabs/client does over a WebSocket: subprotocol 'convai',
 * initiation data first, pong for every ping, user audio as base64 `user_audio_chunk`.
 */
export class ProtocolClient {
  readonly messages: ProtocolMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ProtocolMessage;
      message.receivedAt = Date.now();
      this.messages.push(message);
      if (message.type === 'ping') this.send({ type: 'pong', event_id: message.ping_event.event_id });
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  static async connect(signedUrl: string): Promise<ProtocolClient> {
    const separator = signedUrl.includes('?') ? '&' : '?';
    const socket = new WebSocket(`${signedUrl}${separator}source=js_sdk&version=test`, [SUBPROTOCOL]);
    const client = new ProtocolClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('close', () => resolve());
    });
    if (socket.readyState === WebSocket.OPEN)
      client.send({ type: 'conversation_initiation_client_data', source_info: { source: 'js_sdk', version: 'test' } });
    return client;
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }

  send(message: ClientMessage): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Streams 16-bit PCM as the SDK does, in chunks of `chunkMs`, in real time when `realTime`. */
  async sendAudio(
    samples: Int16Array,
    opts: { sampleRate?: number; chunkMs?: number; realTime?: boolean } = {},
  ): Promise<void> {
    const rate = opts.sampleRate ?? 16000;
    const step = Math.round((rate * (opts.chunkMs ?? 250)) / 1000);
    for (let i = 0; i < samples.length; i += step) {
      const part = samples.subarray(i, i + step);
      const bytes = encodeChunk(part, { encoding: 'pcm', sampleRate: rate });
      this.send({ user_audio_chunk: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') });
      if (opts.realTime) await new Promise((r) => setTimeout(r, opts.chunkMs ?? 250));
    }
  }

  of<T extends ServerMessageType>(type: T): Received<T>[] {
    return this.messages.filter((m) => m.type === type) as Received<T>[];
  }

  /** Waits until `check` holds (or the socket closes), up to `timeoutMs`. */
  async until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (this.closed)
        throw new Error(`socket closed (${this.closed.code} ${this.closed.reason}) before the condition held`);
      if (Date.now() > deadline) throw new Error('timed out waiting for the agent');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  async closedWith(timeoutMs = 15_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket did not close');
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.closed;
  }

  close(): void {
    this.socket.close(1000, 'User ended conversation');
  }
}
