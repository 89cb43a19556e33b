// NO_COLOR (https://no-color.org) and `--no-color`: no colour escapes on the terminal either.
// Ink colours through chalk, which decides once, when it is first imported, and reads neither
// NO_COLOR nor (since commander also sees argv) reliably our flag; FORCE_COLOR=0 is the one switch
// chalk and Node's own hasColors() (used by the prompts) both obey. This module is main.ts's first
// import so that it runs before anything imports chalk.
import { colourOffInEnvironment, forceNoColour } from '../environment.js';

export const colorDisabled = colourOffInEnvironment() || process.argv.includes('--no-color');

if (colorDisabled) forceNoColour();
