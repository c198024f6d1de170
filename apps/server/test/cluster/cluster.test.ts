import { setUpCluster } from './cluster-run';
import { nginxInFront } from './nginx-front.suite';
import { oneShopAcrossInstances } from './one-shop.suite';
import { killDuringPayments } from './kill-instance.suite';
import { vaultAcrossInstances } from './vault.suite';
import { workerJobs } from './worker-jobs.suite';

/**
 * The shop as deploy/nginx.conf.example and docs/deploy.md run it: two server instances
 * (JOBS_IN_PROCESS=0) and two `npm run worker` processes on one PostgreSQL database made for
 * this run (and dropped after it), files in S3 (s3rver), Debian's nginx in front as the load
 * balancer with the example's own configuration. Every process is real; clients speak HTTP
 * from loopback addresses of their own, so the instances learn who is calling only from
 * nginx's X-Forwarded-For. `npm run test:cluster` (vitest.cluster.config.ts).
 */

// one cluster for all the suites (cluster-run.ts), in this order: the last counts the SMS of those before it
setUpCluster();
nginxInFront();
oneShopAcrossInstances();
// before the kill: it needs both instances up
vaultAcrossInstances();
killDuringPayments();
workerJobs();
