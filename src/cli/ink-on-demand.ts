// Whether Ink waits to be asked for (src/cli/ink.tsx): run() sets it before any command is imported,
// so a run of `wfctl` imports Ink only when it draws on a terminal. Anywhere else (tests rendering a
// view, the docs scripts) it stays false and Ink is imported with the views, as a plain import would.
export const inkOnDemand = { value: false };
