// Ink, imported when something is drawn on a terminal and not before: it is the largest library of
// the CLI (a WebAssembly layout engine and a few hundred files), and most runs draw nothing (--json,
// a pipe, --help, --version). The views take Box, Text and render from here. In a run of `wfctl`
// (inkOnDemand set) Ink is imported by loadInk(): renderOnce awaits it, and so does every command
// before its action when stdout is a terminal without --json (src/cli/program.ts). Progress lines
// are drawn without Ink (src/cli/progress.ts). Elsewhere it is imported with this module.
import React from 'react';
import type * as Ink from 'ink';
import { inkOnDemand } from './ink-on-demand.js';

let ink: typeof Ink | undefined = inkOnDemand.value ? undefined : await import('ink');

export async function loadInk(): Promise<typeof Ink> {
  ink ??= await import('ink');
  return ink;
}

function loaded(): typeof Ink {
  if (!ink) throw new Error('Ink is used before it is loaded: await loadInk() first (src/cli/ink.tsx).');
  return ink;
}

export function Box(props: React.ComponentProps<typeof Ink.Box>) {
  const InkBox = loaded().Box;
  return <InkBox {...props} />;
}

export function Text(props: React.ComponentProps<typeof Ink.Text>) {
  const InkText = loaded().Text;
  return <InkText {...props} />;
}

export const render: typeof Ink.render = (...args) => loaded().render(...args);
