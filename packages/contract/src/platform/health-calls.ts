import { z } from 'zod';
import { call, resource } from '../call';

/** Probes for the load balancer and the process supervisor (docs/deploy.md). */
export const health = resource('health', {
  live: call({
    method: 'GET',
    path: '/api/health',
    who: 'open',
    summary: '进程存活检查',
    description: '进程能应答即成功，不访问数据库；失败时应重启进程。',
    data: z.object({ status: z.literal('up') }),
    done: 'ok',
  }),
  ready: call({
    method: 'GET',
    path: '/api/ready',
    who: 'open',
    summary: '就绪检查（磁盘空间、数据库与文件存储）',
    description: '数据目录所在磁盘剩余空间不低于 DISK_MIN_FREE_MB、数据库在限定时间内应答 `select 1`、且（使用 S3 存储时）存储桶可访问即成功；否则 503 并带 Retry-After，此时不应把流量发给本实例。',
    data: z.object({ status: z.literal('ready'), database: z.literal('up'), /** present when files are in S3 */ storage: z.literal('up').optional() }),
    done: 'ok',
  }),
});
