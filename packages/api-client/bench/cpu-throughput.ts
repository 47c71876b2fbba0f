/**
 * Signatures per CPU-second: the throughput of `signPayload` measured against the process's own CPU
 * time (`process.cpuUsage`), so that other jobs sharing the machine do not distort it the way they
 * distort wall-clock benchmarks. Reports the median of 15 rounds.
 *
 *   pnpm --filter @consign/api-client bench:cpu
 */
import { signPayload, verifySignature } from '../src/sign';
import { oneKb, SECRET, tenFields } from './fixtures';

function perCpuSecond(run: () => void, iterations: number): number {
  for (let i = 0; i < iterations / 10; i++) run(); // warm up
  const rounds: number[] = [];
  for (let round = 0; round < 15; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < iterations; i++) run();
    const used = process.cpuUsage(start);
    rounds.push(iterations / ((used.user + used.system) / 1e6));
  }
  rounds.sort((a, b) => a - b);
  return rounds[7] as number;
}

const signature = signPayload(tenFields, SECRET);
const rows = [
  ['signPayload, 10-field body', perCpuSecond(() => signPayload(tenFields, SECRET), 50_000)],
  [
    'verifySignature, 10-field body',
    perCpuSecond(() => verifySignature(tenFields, SECRET, signature), 50_000),
  ],
  ['signPayload, 1 KB body', perCpuSecond(() => signPayload(oneKb, SECRET), 10_000)],
] as const;
for (const [name, rate] of rows)
  console.log(`${name.padEnd(34)} ${Math.round(rate).toLocaleString('en-US')} /CPU-s`);
