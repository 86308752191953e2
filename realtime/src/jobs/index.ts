export { runLifecycleJobs, startLifecycleJobs, LIFECYCLE_INTERVAL_MS } from './lifecycle-jobs.ts';
export type { LifecycleJobOptions, LifecycleRun, LifecycleScheduler } from './lifecycle-jobs.ts';
