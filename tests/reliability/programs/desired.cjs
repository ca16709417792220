// What the fault suite's programs read from the environment of the runner process (set per operation by the
// test), so changing the desired state costs no CLI call:
//   REL_IDS      catalogue ids (JSON) read from the emulator by the test
//   REL_VERSION  "1", or "2": the program's second version (what the update phase applies)
//   REL_TIMEOUTS the faulted resources' `timeouts` input (JSON), when set
"use strict";

module.exports = () => ({
  ids: JSON.parse(process.env.REL_IDS),
  v2: process.env.REL_VERSION === "2",
  timeouts: process.env.REL_TIMEOUTS ? JSON.parse(process.env.REL_TIMEOUTS) : undefined,
});
