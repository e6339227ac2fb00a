/**
 * The front door of server/inbox: what other features and capabilities may use (scripts/check-front-doors.mjs).
 * Nothing yet: its routes are registered by the composition root and its pages load lazily (web/src/pages.tsx).
 */
export {};
