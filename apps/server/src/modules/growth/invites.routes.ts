import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function invitesRoutes(app: FastifyInstance, deps: AppDeps) {
  void app;
  void deps;
}
