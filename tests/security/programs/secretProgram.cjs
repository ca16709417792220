// The security suite's program: one instance with user data (a secret input). Read from the runner's
// environment (set per operation by the test):
//   SEC_IDS       catalogue ids (JSON)
//   SEC_USERDATA  the instance's userData (base64 cloud-init)
//   SEC_LOOKUP    when set, the program first looks up a zone of that name (a failing lookup throws in the
//                 program, with the token in the lookup's client)
"use strict";

module.exports = async (cim) => {
  const ids = JSON.parse(process.env.SEC_IDS);
  if (process.env.SEC_LOOKUP) await cim.getZone(process.env.SEC_LOOKUP);
  const vm = new cim.Instance("vm", {
    zoneId: ids.zoneId,
    templateId: ids.templateId,
    serviceOfferingId: ids.small,
    userData: process.env.SEC_USERDATA,
    tags: { suite: "security" },
  });
  // What state records of the user data: its digest (a secret output), never the payload.
  return { vmId: vm.id, userDataHash: vm.userDataHash };
};
