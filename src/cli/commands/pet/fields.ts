// The pet fields whose flags `wfctl pet create` and `wfctl pet update` name otherwise than the
// input field (the other flags are derived from the operation's input, src/cli/input-flags.ts).
export const petFlagNames = {
  microchip_id: '--microchip <id>',
  weight_kg: '--weight <kg>',
};
