import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planAddBody, planAddReservationBody, planOperateBody } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { requireMemberId } from '../10-accounts/auth-guard';
import { addReservationToPlan, addToPlan, getPlan, operatePlan } from './plan.service';

/** 实验计划 (tempDevice): the member's cart, priced from the catalogue on every read. */
export async function planRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  r.post('/api/auth/tempDevice/list', async (request) => ok(await getPlan(db, requireMemberId(request))));
  r.post('/api/auth/tempDevice/add', { schema: { body: planAddBody } }, async (request) =>
    ok(await addToPlan(db, requireMemberId(request), request.body, now()), '已加入实验计划'),
  );
  r.post('/api/auth/tempDevice/addForReservation', { schema: { body: planAddReservationBody } }, async (request) =>
    ok(await addReservationToPlan(db, requireMemberId(request), request.body, now()), '已加入实验计划'),
  );
  r.post('/api/auth/tempDevice/operate', { schema: { body: planOperateBody } }, async (request) =>
    ok(await operatePlan(db, requireMemberId(request), request.body, now()), '操作成功'),
  );
}
