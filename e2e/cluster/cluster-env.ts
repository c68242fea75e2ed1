/**
 * What the cluster test's setup tells the specs (through the environment, which Playwright
 * hands from the global setup to its workers).
 */
import type { InstanceName } from '../cluster.ts';

/** nginx's port in the cluster test: not the main e2e server's (4310). */
export const clusterTestPort = Number(process.env.CLUSTER_TEST_PORT ?? 4321);

/** The instances' UPLOAD_MAX_BYTES in the cluster test. */
export const UPLOAD_MAX_BYTES = 3 * 1024 * 1024;

export interface ClusterEnv {
  /** This run's id, in the cluster accounts' emails (e2e/cluster/accounts.ts). */
  run: string;
  /** nginx's address. */
  url: string;
  /** Each instance's data folder (its outbox). */
  dataDirs: Record<InstanceName, string>;
}

const VARIABLE = 'FD_CLUSTER_TEST';

export function setClusterEnv(env: ClusterEnv): void {
  process.env[VARIABLE] = JSON.stringify(env);
}

export function clusterEnv(): ClusterEnv {
  const value = process.env[VARIABLE];
  if (!value) throw new Error(`${VARIABLE} is unset: run through e2e/cluster.playwright.config.ts`);
  return JSON.parse(value) as ClusterEnv;
}
