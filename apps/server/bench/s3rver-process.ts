/**
 * s3rver in a process of its own, for `npm run bench:vault-s3` (bench/vault-s3.ts): the storage's
 * CPU and memory are then its own, apart from the server's and the client's. Prints one line of
 * JSON with its port once it listens; stops when its parent closes stdin.
 * `tsx bench/s3rver-process.ts <directory> <bucket>`
 */
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3rver-process.ts <directory> <bucket>');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
const { port } = await server.run();
console.log(JSON.stringify({ port }));
process.stdin.on('end', () => void server.close().finally(() => process.exit(0)));
process.stdin.resume();
