import type { FastifyInstance } from 'fastify';

/** Browser features the app may use: the microphone (interviews, voice messages) and the camera (video answers) for itself only, nothing else. */
export const PERMISSIONS_POLICY =
  'microphone=(self), camera=(self), geolocation=(), payment=(), usb=(), display-capture=(), interest-cohort=()';

export function installPermissionsPolicy(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
