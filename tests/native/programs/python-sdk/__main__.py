"""A Python program on the Python SDK that `pulumi package gen-sdk` writes from the plugin's schema (package
pulumi_cim). tests/native/sdks.test.ts type-checks it with mypy against that SDK and Pulumi's Python SDK; it is
not run (the Python language host is not built here)."""

import pulumi
import pulumi_cim as cim

config = pulumi.Config()

# Lookups by name: plain calls (awaited by the SDK) and their Output forms.
zone = cim.get_zone(name=config.get("zone") or "de-fra-1a")
custom = cim.get_disk_offering(name="Custom")
vpc_offering = cim.get_vpc_offering_output(name="Default VPC")

data = cim.Volume(
    "py-data",
    zone_id=zone.id,
    disk_offering_id=custom.id,
    size=config.get_int("size") or 10,
    tags={"lang": "python"},
)

vpc = cim.Vpc(
    "main",
    cim.VpcArgs(zone_id=zone.id, cidr="10.10.0.0/16", vpc_offering_id=vpc_offering.id),
)

pulumi.export("volumeId", data.id)
pulumi.export("size", data.size)
pulumi.export("vpcCidr", vpc.cidr)
