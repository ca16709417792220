// The recover test's program: a VPC (names need not be unique) and an instance (names are unique in a region),
// independent of each other, so the engine sends both creates at once. Ids from RECOVER_IDS (JSON).
"use strict";

module.exports = (cim) => {
  const ids = JSON.parse(process.env.RECOVER_IDS || "{}");
  const vpc = new cim.Vpc("main", {
    zoneId: ids.zoneId,
    cidr: "10.42.0.0/16",
    vpcOfferingId: ids.vpcOffering,
  });
  const web = new cim.Instance("web", {
    name: "web-recover",
    zoneId: ids.zoneId,
    templateId: ids.templateId,
    serviceOfferingId: ids.small,
  });
  return { vpc: vpc.id, web: web.id };
};
