/** The voice SDK's entry, its own chunk (voiceSdk-*.js): the WebSocket part, without LiveKit. */
export { Conversation } from '@elevenlabs/client';
