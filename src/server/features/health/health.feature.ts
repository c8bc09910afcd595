import type { FastifyPluginAsync } from 'fastify';
import { startHealthListener, type HealthListener } from './health-listener.service.ts';
import { healthRoutes } from './health.routes.ts';

/**
 * The health feature: liveness and readiness. GET /api/health on the app's port; with HEALTH_PORT,
 * also on that port from a thread of its own, which answers while the request thread is busy
 * (docs/decisions/043). It listens once the app is ready, answers 503 from the moment the app
 * starts closing, and stops with it.
 */
export const healthFeature: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/api/health' });
  const { env, database } = app.deps;
  const port = env.HEALTH_PORT;
  if (port === undefined) return;
  let listener: HealthListener | null = null;
  app.addHook('onReady', async () => {
    listener = await startHealthListener({
      host: env.HOST,
      port,
      database,
      engineSaturated: () => (app.hasDecorator('engineLoad') && app.engineLoad()?.saturated) === true,
      log: app.log,
    });
    app.log.info(`health answers on http://${env.HOST}:${String(listener.port)}/api/health (HEALTH_PORT)`);
  });
  app.addHook('preClose', async () => {
    listener?.closing();
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });
};
