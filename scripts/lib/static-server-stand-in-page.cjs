// A remote container whose one page renders nothing (static-server-trusted-scripts.mjs): the
// shell's renderer, given it, writes a prerendered document holding only the shell's own scripts.
const StandIn = () => null;

module.exports = {
  init: async () => undefined,
  get: async () => () => ({ StandIn }),
};
