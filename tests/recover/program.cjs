// The recover test's program: a VPC (names need not be unique) and an instance (names are unique in a region),
// independent of each other, so the engine sends both creates at once. Ids from RECOVER_IDS (JSON), the
// instance's host name from RECOVER_HOST. The instance's tags are under ignoreChanges: what the interrupted
// create had not applied must still be applied once recover records the instance.
"use strict";

module.exports = (cim) => {
  const ids = JSON.parse(process.env.RECOVER_IDS || "{}");
  const vpc = new cim.Vpc("main", {
    name: `${process.env.RECOVER_HOST}-vpc`,
    zoneId: ids.zoneId,
    cidr: "10.42.0.0/16",
    vpcOfferingId: ids.vpcOffering,
  });
  const web = new cim.Instance(
    "web",
    {
      name: process.env.RECOVER_HOST,
      zoneId: ids.zoneId,
      templateId: ids.templateId,
      serviceOfferingId: ids.small,
      tags: { team: "a" },
    },
    { ignoreChanges: ["tags"] },
  );
  return { vpc: vpc.id, web: web.id };
};
