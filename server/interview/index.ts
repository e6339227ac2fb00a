/** The front door of server/interview: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { createInterviewer, type Interviewer, type Plan } from './interviewer';
export { createSynthesizer, type SpeechSynthesizer } from './speech';
export { earlierTakes } from './takes';
export { createVoiceAgent, type VoiceAgent } from './voice-agent';
