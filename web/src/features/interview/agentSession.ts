/** What the interview needs of a running @elevenlabs/client conversation. */
export type AgentSession = { endSession(): Promise<void>; getId(): string };

export type AgentCallbacks = {
  onConnect(): void;
  onDisconnect(details: { reason: 'user' | 'agent' | 'error'; message?: string }): void;
  onMessage(message: { source: 'ai' | 'user'; message: string }): void;
  onModeChange(mode: 'listening' | 'speaking'): void;
  onInterruption(): void;
  onError(message: string): void;
};
