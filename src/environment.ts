// The one module that touches process.env (lint refuses it anywhere else in src/): the variables
// the configuration is read from (src/config.ts parses them), the environment one CLI run is handed
// in a test's process, and the colour switch the terminal libraries read for themselves. It
// imports nothing heavy, so `wfctl --version` can load it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';

export type Environment = Record<string, string | undefined>;

/** An environment handed to one CLI run in a test's process (src/cli/main.ts runWith). */
const environmentOfRun = new AsyncLocalStorage<Environment>();

/** Runs `work` reading `env` instead of process.env (and no `.env`). */
export function withEnvironment<T>(env: Environment, work: () => T): T {
  return environmentOfRun.run(env, work);
}

/** Reads `.env` (when present) into process.env without overriding what is already set. */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/** The process environment, after `.env`; or the one handed to this run (withEnvironment). */
export function readEnvironment(): Environment {
  const injected = environmentOfRun.getStore();
  if (injected) return injected;
  loadDotEnv();
  return process.env;
}

/** WFCTL_DEBUG=1 prints stack traces of unexpected CLI errors (never part of normal output). */
export function isDebug(): boolean {
  return Boolean((environmentOfRun.getStore() ?? process.env).WFCTL_DEBUG);
}

/** NO_COLOR (https://no-color.org) or FORCE_COLOR=0 in the process's own environment. */
export function colourOffInEnvironment(): boolean {
  return Boolean(process.env.NO_COLOR) || process.env.FORCE_COLOR === '0';
}

/** FORCE_COLOR=0: the one switch chalk (Ink's colours) and Node's hasColors() (the prompts) obey. */
export function forceNoColour(): void {
  process.env.FORCE_COLOR = '0';
}
