import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function promotionRoutes(app: FastifyInstance, deps: AppDeps) {
  void app;
  void deps;
}
