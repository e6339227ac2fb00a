export { TranscriptEditPage } from './TranscriptEditPage';
export { VoiceMessagePage } from './VoiceMessagePage';
