import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function messagesRoutes(app: FastifyInstance, deps: AppDeps) {
  void app;
  void deps;
}
