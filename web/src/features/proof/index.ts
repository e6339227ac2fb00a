/** The front door of web/src/features/proof: what other features and capabilities may use (scripts/check-front-doors.mjs). */
export { PublicProofProvider, usePublicProof } from './proof';
