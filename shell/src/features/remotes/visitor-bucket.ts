import { readStorage, writeStorage } from '@devhub/shared/browser-storage';

/** Where a browser keeps its bucket: a random whole number 0–99, nothing about the visitor. */
export const VISITOR_BUCKET_KEY = 'devhub-canary-bucket';

const BUCKETS = 100;

/**
 * This browser's canary bucket, kept across visits so one visitor sees one version of a remote
 * across reloads: a remote's candidate runs for buckets below its percent (candidate-choice.ts).
 * A browser that cannot keep it (storage off) gets none, and with it always the stable versions.
 */
export function readVisitorBucket(random: () => number = randomBucket): number | undefined {
  const kept = keptVisitorBucket();
  if (kept !== undefined) return kept;
  const bucket = random();
  writeStorage(VISITOR_BUCKET_KEY, String(bucket));
  return readStorage(VISITOR_BUCKET_KEY) === String(bucket) ? bucket : undefined;
}

function randomBucket(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! % BUCKETS;
}

/** The bucket this browser keeps, without drawing one (the page's warm-up reads it; the shell draws). */
export function keptVisitorBucket(): number | undefined {
  const kept = readStorage(VISITOR_BUCKET_KEY);
  return kept !== null && /^\d{1,2}$/.test(kept) ? Number(kept) : undefined;
}
