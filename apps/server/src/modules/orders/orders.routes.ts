import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function ordersRoutes(app: FastifyInstance, deps: AppDeps) {
  void app;
  void deps;
}
