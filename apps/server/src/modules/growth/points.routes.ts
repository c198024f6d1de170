import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function pointsRoutes(app: FastifyInstance, deps: AppDeps) {
  void app;
  void deps;
}
