import type { Log } from '../log';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import { decodeChunk, encodeChunk, formatName, type AudioFormat } from '../../common/interview/audio';
import { DEVICE_VOICE, readClientMessage, type ServerMessage } from '../../common/interview/protocol';
import { texts } from '../../common/texts';
import { addTurn, type Turn } from '../../common/transcript';
import type { Transcriber } from '../transcription/transcriber';
import { ConversationRecorder, resample } from './audio';
import type { Interviewer, NextStep } from './interviewer';
import type { Speech, SpeechSynthesizer } from './speech';
import { judgeWords } from './endpoint';
import { TurnDetector, type EndedTurn } from './turns';
import type { VoiceClassifier } from './vad';
import { ignoreFailure, handledElsewhere } from '../../common/best-effort';

/** The rate the agent works at inside: turn detection, transcription and the recording. */
export const WORK_RATE = 16000;
const PING_EVERY_MS = 5000;
const AUDIO_CHUNK_MS = 500;
/** Spoken German without audio: roughly how long the browser needs to read a text aloud. */
const CHARS_PER_SECOND = 14;
/** Longest interview: then the interviewer thanks and ends the call. */
const MAX_SESSION_MS = 30 * 60_000;
/** A turn the transcriber found no words in counts as an answer only when this much was voiced. */
const NO_WORDS_MIN_MS = 1500;
/**
 * When the words of an answer are not there this long after its voice ended (a slow local
 * model), an interviewer that can ask from the plan asks on without them; the words join the
 * transcript, before the question, when they come.
 */
const WORDS_WAIT_MS = 1200;

/** Time the voice model took and audio it heard, over all finished conversations (for the benchmark). */
export const voiceStats = { classifierMs: 0, audioMs: 0 };
/** Every ended turn of every interview, for diagnosis (bench/turns with BENCH_DEBUG); null in service. */
export const turnDiagnostics: { onTurnEnd: ((turn: EndedTurn) => void) | null } = { onTurnEnd: null };

/** `detectorLagMs`: how far voice detection was behind the arriving audio when the turn ended. */
export type TurnTiming = {
  conversationId: string;
  answerEndedAt: number;
  questionSentAt: number;
  latencyMs: number;
  detectorLagMs?: number;
};

export type AgentOptions = {
  interviewer: Interviewer;
  transcriber: Transcriber;
  synthesizer: SpeechSynthesizer | null;
  inputFormat: AudioFormat;
  outputFormat: AudioFormat;
  log: Log;
  /** Voice detection for this conversation (Silero VAD, or energy as fallback). */
  classifier: VoiceClassifier;
  /** Silence after a finished sentence that ends the answer: after the first sentence, and once two or more are told (patience). */
  waits?: { firstMs: number; laterMs: number };
  /** Longest pause inside an unfinished clause. */
  unfinishedMs?: number;
  /** Called for every answered turn: end of the spoken answer to the next question going out. */
  onTiming?: (timing: TurnTiming) => void;
  /** A broken interview this connection continues: its turns so far and its recording. */
  resume?: { turns: Turn[]; audio: Int16Array | null };
  /** Longest conversation (default 30 minutes); a public-link interview ends at its slot's limit. */
  maxSessionMs?: number;
  /** Called whenever a turn became final, with all turns so far (to store them at once). */
  onTurns?: (turns: readonly Turn[]) => void;
  /**
   * Called once when the socket is gone, with the whole conversation. `endedBy`: the interviewer
   * said its closing words, the person ended it (close 1000), or the connection was lost (a closed
   * tab, a locked phone, the network).
   */
  onFinished?: (result: {
    conversationId: string;
    turns: Turn[];
    recording: ConversationRecorder;
    endedBy: 'agent' | 'user' | 'lost';
  }) => Promise<void> | void;
};

/** The interviewer's words as sound: the chunks to send (base64) and the samples for the recording. */
type Utterance = { chunks: string[]; recorded: Int16Array; durationMs: number };

/**
 * One conversation of the built-in interviewer over a WebSocket that speaks the ElevenLabs
 * Conversational AI protocol, as @elevenlabs/client expects it.
 */
export class BuiltinAgentSession {
  readonly conversationId = `conv_${randomUUID().replace(/-/g, '')}`;
  private eventId = 0;
  private started = false;
  private ended = false;
  private busy: Promise<void> = Promise.resolve();
  private texts: Promise<void> = Promise.resolve();
  private turns: Turn[] = [];
  private agentSpeakingUntil = 0;
  /** What the interviewer says right now, and when it started: its echo is not an answer. */
  private agentWords = '';
  private turnStartedWhileSpeaking = false;
  private deviceVoice = false;
  private detectorLagMs = 0;
  /** The next step prepared while the silence after a finished answer runs out. */
  private prepared: { text: string; step: Promise<{ next: NextStep; speech: Utterance | null }> } | null = null;
  private readonly detector: TurnDetector;
  private readonly recorder: ConversationRecorder;
  /** Wall-clock arrival of received audio, by stream position, to time the end of an answer. */
  private arrivals: { end: number; at: number }[] = [];
  private received = 0;
  private pinger: NodeJS.Timeout | null = null;
  /** Ends the call at the longest interview; cleared at the end (it would keep the session and its audio for 30 minutes). */
  private limit: NodeJS.Timeout | null = null;
  private agentDone = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly opts: AgentOptions,
  ) {
    this.recorder = new ConversationRecorder(WORK_RATE, (opts.maxSessionMs ?? MAX_SESSION_MS) / 60_000 + 1);
    this.detector = new TurnDetector({
      classifier: opts.classifier,
      finishedMs: opts.waits?.firstMs,
      laterMs: opts.waits?.laterMs,
      unfinishedMs: opts.unfinishedMs,
      // Without a transcriber the pause alone ends an answer.
      judge: opts.transcriber.name === 'none' ? undefined : (samples) => this.judge(samples),
    });
    if (opts.resume) {
      this.turns = [...opts.resume.turns];
      if (opts.resume.audio) this.recorder.addUser(opts.resume.audio);
    }
    this.detector.onSpeechStart = () => this.userStartedSpeaking();
    this.detector.onSpeechResume = () => this.userStartedSpeaking();
    this.detector.onTurnEnd = (turn) => {
      turnDiagnostics.onTurnEnd?.(turn);
      this.detectorLagMs = Math.max(0, Date.now() - this.wallClockOf(turn.position));
      this.answer(turn, this.wallClockOf(turn.voiceEnd));
    };
    socket.on('message', (data, isBinary) => this.receive(isBinary ? null : data.toString()));
    socket.on('close', (code) => void this.finish(code));
    socket.on('error', (error) => opts.log.warn({ err: error }, 'voice socket error'));
    // The client opens with its initiation data; start anyway if it never comes.
    setTimeout(() => this.start(), 2000).unref();
    // Closed while the server was still preparing (a socket dropped at once, or cut on shutdown).
    if (socket.readyState === socket.CLOSED) void this.finish(1006);
  }

  private send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private queue(task: () => Promise<void>): void {
    this.busy = this.busy.then(task).catch((error) => this.opts.log.error({ err: error }, 'voice agent turn failed'));
  }

  private receive(text: string | null): void {
    if (text === null) return;
    const message = readClientMessage(text);
    if (!message) return;
    if ('user_audio_chunk' in message) return this.audioIn(Buffer.from(message.user_audio_chunk, 'base64'));
    switch (message.type) {
      case 'conversation_initiation_client_data':
        // The page speaks with a German voice of the device itself: send words, no audio.
        if (message.conversation_config_override?.tts?.voice_id === DEVICE_VOICE) this.deviceVoice = true;
        return this.start();
      case 'user_message':
        if (message.text.trim()) {
          const typed = message.text.trim();
          const typedAt = Date.now();
          this.queue(() => this.reply(typed, Number.POSITIVE_INFINITY, typedAt));
        }
        return;
      default:
        // pong (user_activity, feedback, contextual_update are not read): nothing to do for this agent.
        return;
    }
  }

  private start(): void {
    if (this.started || this.ended) return;
    this.started = true;
    this.send({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: this.conversationId,
        agent_output_audio_format: formatName(this.opts.outputFormat),
        user_input_audio_format: formatName(this.opts.inputFormat),
      },
    });
    this.pinger = setInterval(
      () => this.send({ type: 'ping', ping_event: { event_id: ++this.eventId, ping_ms: null } }),
      PING_EVERY_MS,
    );
    this.pinger.unref();
    this.limit = setTimeout(() => this.queue(() => this.close()), this.opts.maxSessionMs ?? MAX_SESSION_MS).unref();
    this.queue(() => (this.turns.length ? this.goOn() : this.open()));
  }

  private async open(): Promise<void> {
    const opening = this.opts.interviewer.opening();
    const speech = await this.synthesize(opening);
    this.agentSaid(opening, this.speak(speech, opening, false));
  }

  /**
   * A broken interview continues: the question that was open is asked again (welcomed back, the
   * transcript keeps it once), or after an answer the next question follows. Nothing asked is asked again.
   */
  private async goOn(): Promise<void> {
    const last = this.turns[this.turns.length - 1]!;
    if (last.speaker === 'interviewer') {
      const spoken = `${texts.interview.welcomeBack} ${last.text}`;
      const speech = await this.synthesize(spoken);
      const eventId = this.speak(speech, spoken, false);
      this.send({ type: 'agent_response', agent_response_event: { agent_response: last.text, event_id: eventId } });
      return;
    }
    const next = await this.opts.interviewer.next(this.turns, { text: last.text, voicedMs: Number.POSITIVE_INFINITY });
    const speech = await this.synthesize(next.text);
    this.agentSaid(next.text, this.speak(speech, next.text, next.done));
  }

  private audioIn(bytes: Buffer): void {
    if (!this.started || this.ended) return;
    const samples = resample(decodeChunk(bytes, this.opts.inputFormat), this.opts.inputFormat.sampleRate, WORK_RATE);
    this.recorder.addUser(samples);
    this.received += samples.length;
    this.arrivals.push({ end: this.received, at: Date.now() });
    if (this.arrivals.length > 400) this.arrivals.splice(0, 200);
    // While the interviewer speaks, a turn needs a firmer start: its own voice may come back.
    this.detector.guarded = Date.now() < this.agentSpeakingUntil;
    void this.detector.push(samples);
  }

  /** Wall-clock time at which the given stream position was spoken (the chunk's arrival, less what followed it). */
  private wallClockOf(position: number): number {
    const chunk = this.arrivals.find((a) => a.end >= position) ?? this.arrivals[this.arrivals.length - 1];
    if (!chunk) return Date.now();
    return chunk.at - ((chunk.end - position) / WORK_RATE) * 1000;
  }

  private userStartedSpeaking(): void {
    this.prepared = null;
    this.turnStartedWhileSpeaking = Date.now() < this.agentSpeakingUntil;
    // In the first second the background is not known yet: voices in the room must not stop the greeting.
    if (this.turnStartedWhileSpeaking && this.detector.settled) {
      this.agentSpeakingUntil = 0;
      this.send({ type: 'interruption', interruption_event: { event_id: this.eventId } });
    }
  }

  /** At a pause: transcribe what was said so far and judge whether its last clause is finished. */
  private async judge(samples: Int16Array): Promise<{ verdict: 'finished' | 'unfinished' | 'unknown'; text: string }> {
    const text = await this.transcribe(samples);
    const verdict = judgeWords(text);
    // A finished answer: prepare the next question and its speech while the silence runs out.
    if (verdict === 'finished' && this.opts.interviewer.pure && !this.ended) this.prepare(text);
    return { verdict, text };
  }

  private prepare(text: string): void {
    const turns = addTurn(this.turns, { speaker: 'user', text });
    const step = (async () => {
      const next = await this.opts.interviewer.next(turns, { text, voicedMs: 0 });
      return { next, speech: await this.synthesize(next.text) };
    })();
    step.catch(handledElsewhere);
    this.prepared = { text, step };
  }

  /** The interviewer's own voice coming back: most of the words are the ones it is saying. */
  private isEcho(text: string): boolean {
    if (!this.turnStartedWhileSpeaking || !this.agentWords) return false;
    const words = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const heard = words(text);
    if (!heard.length) return false;
    const said = new Set(words(this.agentWords));
    return heard.filter((w) => said.has(w)).length / heard.length >= 0.6;
  }

  /**
   * A spoken answer ended. With a plan and server speech the next question does not depend on the
   * words: its audio goes out at once, and the texts (the answer's transcript, then the question)
   * follow in order when the transcription is done. Otherwise the agent waits for the words.
   */
  private answer(turn: EndedTurn, answeredAt: number): void {
    const { samples, voicedMs } = turn;
    // The words of the last pause are the turn's (only silence followed): no second transcription.
    const words =
      turn.text !== null
        ? Promise.resolve(turn.text)
        : turn.words
          ? turn.words.then((j) => j.text)
          : this.transcribe(samples);
    const planned = this.opts.synthesizer ? this.opts.interviewer.nextWithoutWords?.({ voicedMs }) : undefined;
    if (planned) {
      this.queue(() => this.askBeforeTheWords(planned, words, answeredAt));
    } else {
      this.queue(async () => {
        // A plan interviewer need not wait long for the words of an answer that was clearly
        // spoken (a short sound may be no answer at all: its words decide).
        const mayGoOn = this.opts.interviewer.pure && voicedMs >= NO_WORDS_MIN_MS;
        const late = Symbol('late');
        const first = mayGoOn
          ? await Promise.race([words, sleep(Math.max(0, answeredAt + WORDS_WAIT_MS - Date.now())).then(() => late)])
          : await words;
        if (first === late) {
          // The connection went while the words were on their way: they are kept, nothing is asked.
          if (this.ended) return this.userSaid(await words);
          this.prepared = null;
          this.opts.log.info('voice agent asked on before the words of the answer came');
          return this.askBeforeTheWords(
            await this.opts.interviewer.next(this.turns, { text: '', voicedMs }),
            words,
            answeredAt,
          );
        }
        const text = first as string;
        if (this.isEcho(text)) return this.opts.log.info('voice agent ignored its own voice coming back');
        // A short sound without words (a door, voices in the room) is no answer.
        if (!text && voicedMs < NO_WORDS_MIN_MS && this.opts.transcriber.name !== 'none') return;
        await this.reply(text, voicedMs, answeredAt);
      });
    }
  }

  /**
   * A next step that does not wait for the answer's words (planned without them, or they are
   * late): spoken at once; the words and then the question go into the transcript when the words
   * come.
   */
  private async askBeforeTheWords(next: NextStep, words: Promise<string>, answeredAt: number): Promise<void> {
    const speech = await this.synthesize(next.text);
    const eventId = this.speak(speech, next.text, next.done);
    this.timed(answeredAt);
    this.inOrder(async () => {
      const text = await words;
      if (!this.isEcho(text)) this.userSaid(text);
      this.agentSaid(next.text, eventId);
    });
  }

  /** Ends the interview with the closing words. */
  private async close(): Promise<void> {
    if (this.ended) return;
    const closing = texts.interview.closing;
    const speech = await this.synthesize(closing);
    const eventId = this.speak(speech, closing, true);
    this.inOrder(async () => this.agentSaid(closing, eventId));
  }

  private async transcribe(samples: Int16Array): Promise<string> {
    try {
      return (
        await this.opts.transcriber.transcribe(
          { kind: 'pcm16', data: samples, sampleRate: WORK_RATE },
          { language: 'de' },
        )
      ).text.trim();
    } catch (error) {
      this.opts.log.warn({ err: error }, 'voice agent could not transcribe an answer');
      return '';
    }
  }

  /** An answer whose words are known: the next step may depend on them. */
  private async reply(text: string, voicedMs: number, answeredAt: number): Promise<void> {
    await this.texts;
    // The connection went after the answer: its words are kept, nothing more is asked.
    if (this.ended) return this.userSaid(text);
    this.userSaid(text);
    const prepared =
      this.prepared?.text === text
        ? await this.prepared.step.catch(
            ignoreFailure('prepare the next question ahead', null, { level: 'debug', fallback: null }),
          )
        : null;
    this.prepared = null;
    const next = prepared?.next ?? (await this.opts.interviewer.next(this.turns, { text, voicedMs }));
    const speech = prepared ? prepared.speech : await this.synthesize(next.text);
    this.agentSaid(next.text, this.speak(speech, next.text, next.done));
    this.timed(answeredAt);
  }

  private timed(answeredAt: number): void {
    const sentAt = Date.now();
    this.opts.onTiming?.({
      conversationId: this.conversationId,
      answerEndedAt: answeredAt,
      questionSentAt: sentAt,
      latencyMs: Math.round(sentAt - answeredAt),
      detectorLagMs: Math.round(this.detectorLagMs),
    });
  }

  /** Texts go out in the order of the turns, whenever their transcription is done. */
  private inOrder(task: () => Promise<void>): void {
    this.texts = this.texts
      .then(task)
      .catch((error) => this.opts.log.error({ err: error }, 'voice agent transcript failed'));
  }

  /** Words of an answer go into the transcript even when they arrive after the connection closed. */
  private userSaid(text: string): void {
    if (!text) return;
    this.turns = addTurn(this.turns, { speaker: 'user', text });
    this.opts.onTurns?.(this.turns);
    this.send({
      type: 'user_transcript',
      user_transcription_event: { user_transcript: text, event_id: ++this.eventId },
    });
  }

  private agentSaid(text: string, eventId: number): void {
    if (this.ended) return;
    this.turns = addTurn(this.turns, { speaker: 'interviewer', text });
    this.opts.onTurns?.(this.turns);
    this.send({ type: 'agent_response', agent_response_event: { agent_response: text, event_id: eventId } });
  }

  /** Speech ready to send: resampled and encoded when it is made (a prepared question then leaves at once). */
  private async synthesize(text: string): Promise<Utterance | null> {
    if (!this.opts.synthesizer || this.deviceVoice) return null;
    let speech: Speech;
    try {
      speech = await this.opts.synthesizer.synthesize(text);
    } catch (error) {
      this.opts.log.warn({ err: error }, 'speech synthesis failed; the browser reads the text instead');
      return null;
    }
    const out = resample(speech.samples, speech.sampleRate, this.opts.outputFormat.sampleRate);
    const step = Math.round((this.opts.outputFormat.sampleRate * AUDIO_CHUNK_MS) / 1000);
    const chunks: string[] = [];
    for (let i = 0; i < out.length; i += step) {
      const chunk = encodeChunk(out.subarray(i, i + step), this.opts.outputFormat);
      chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('base64'));
    }
    return {
      chunks,
      recorded: resample(speech.samples, speech.sampleRate, WORK_RATE),
      durationMs: (out.length / this.opts.outputFormat.sampleRate) * 1000,
    };
  }

  /** Sends the audio of what the interviewer says (if any); the last words end the conversation. */
  private speak(speech: Utterance | null, text: string, done: boolean): number {
    const eventId = ++this.eventId;
    if (this.ended) return eventId;
    let durationMs = (text.length / CHARS_PER_SECOND) * 1000;
    if (speech) {
      for (const base64 of speech.chunks)
        this.send({ type: 'audio', audio_event: { audio_base_64: base64, event_id: eventId } });
      this.recorder.addAgent(speech.recorded);
      durationMs = speech.durationMs;
    }
    this.agentSpeakingUntil = Date.now() + durationMs;
    this.agentWords = text;
    if (done) {
      this.agentDone = true;
      // Let the closing words play out and reach the transcript, then end the session as the agent: code 1000.
      setTimeout(
        () => void this.texts.then(() => this.socket.close(1000, 'Interview beendet')),
        durationMs + 800,
      ).unref();
    }
    return eventId;
  }

  private async finish(code?: number): Promise<void> {
    if (this.ended) return;
    // An answer still being spoken when the connection went (a closed tab): its words are kept too.
    const unfinished = this.detector.pending();
    this.ended = true;
    this.detector.close();
    voiceStats.classifierMs += this.detector.classifierMs;
    voiceStats.audioMs += (this.received / WORK_RATE) * 1000;
    if (this.pinger) clearInterval(this.pinger);
    if (this.limit) clearTimeout(this.limit);
    await this.busy;
    await this.texts;
    if (unfinished) {
      const text = await this.transcribe(unfinished);
      if (text && !this.isEcho(text)) {
        this.turns = addTurn(this.turns, { speaker: 'user', text });
        this.opts.onTurns?.(this.turns);
      }
    }
    const endedBy = this.agentDone ? 'agent' : code === 1000 ? 'user' : 'lost';
    await this.opts.onFinished?.({
      conversationId: this.conversationId,
      turns: this.turns,
      recording: this.recorder,
      endedBy,
    });
  }
}
