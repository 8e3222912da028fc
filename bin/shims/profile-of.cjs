'use strict';
// The profile each PATH shim's name selects when CBC_EMU_PROFILE is unset or empty: read by bin/shims/claude and by
// cbc-emu fuzz's relay server (src/testkit/relay-server.ts), whose relay answers to the same names (issue #21).
module.exports = { claude: 'claude-2.1.328' };
