// A Go program on the Go SDK that `pulumi package gen-sdk` writes from the plugin's schema (module
// pulumi-cim/sdk/go, which tests/native/sdks.test.ts generates and points this module's go.mod at), run by the
// Go Automation API as an inline program: the CLI's engine connects to this process, so no Go language host
// is needed (none is built here). The project names the plugin folder as a user's Pulumi.yaml would.
//
//	go-sdk up|preview|destroy     one JSON line on stdout: {"summary": {...}, "outputs": {...}}
//
// Environment: CIM_PULUMI_ROOT (the CLI), CIM_PLUGIN_DIR (bin/ of the repository), CIM_STACK (the stack's name),
// CIM_SIZE (the volume's size in GB), and what the plugin reads (CIM_BASE_URL, CIM_TOKEN) and the CLI's own
// (PULUMI_HOME, PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"pulumi-cim/sdk/go/cim"
)

// program: the zone and disk offering looked up by name through the plugin's functions, and one volume.
func program(ctx *pulumi.Context) error {
	zone, err := cim.GetZone(ctx, &cim.GetZoneArgs{Name: pulumi.StringRef("de-fra-1a")})
	if err != nil {
		return err
	}
	offering, err := cim.GetDiskOffering(ctx, &cim.GetDiskOfferingArgs{Name: pulumi.StringRef("Custom")})
	if err != nil {
		return err
	}
	size, err := strconv.Atoi(os.Getenv("CIM_SIZE"))
	if err != nil {
		return fmt.Errorf("CIM_SIZE: %w", err)
	}
	vol, err := cim.NewVolume(ctx, "go-data", &cim.VolumeArgs{
		ZoneId:         pulumi.String(zone.Id),
		DiskOfferingId: pulumi.String(offering.Id),
		Size:           pulumi.Int(size),
		Tags:           pulumi.StringMap{"lang": pulumi.String("go")},
	})
	if err != nil {
		return err
	}
	ctx.Export("volumeId", vol.ID())
	ctx.Export("name", vol.Name)
	ctx.Export("size", vol.Size)
	return nil
}

func run(ctx context.Context, op string) (map[string]any, error) {
	cmd, err := auto.NewPulumiCommand(&auto.PulumiCommandOptions{Root: os.Getenv("CIM_PULUMI_ROOT")})
	if err != nil {
		return nil, err
	}
	project := workspace.Project{
		Name:    "cim-go-sdk",
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Plugins: &workspace.Plugins{
			Providers: []workspace.PluginOptions{{Name: "cim", Path: os.Getenv("CIM_PLUGIN_DIR")}},
		},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, os.Getenv("CIM_STACK"), project.Name.String(), program,
		auto.Project(project), auto.Pulumi(cmd))
	if err != nil {
		return nil, err
	}
	switch op {
	case "up":
		r, err := stack.Up(ctx, optup.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		outputs := map[string]any{}
		for k, v := range r.Outputs {
			outputs[k] = v.Value
		}
		return map[string]any{"summary": r.Summary.ResourceChanges, "outputs": outputs}, nil
	case "preview":
		r, err := stack.Preview(ctx, optpreview.ErrorProgressStreams(os.Stderr))
		if err != nil {
			return nil, err
		}
		return map[string]any{"summary": r.ChangeSummary}, nil
	case "destroy":
		r, err := stack.Destroy(ctx, optdestroy.ErrorProgressStreams(os.Stderr), optdestroy.Remove())
		if err != nil {
			return nil, err
		}
		return map[string]any{"summary": r.Summary.ResourceChanges}, nil
	}
	return nil, fmt.Errorf("unknown operation %q: up, preview or destroy", op)
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go-sdk up|preview|destroy")
		os.Exit(2)
	}
	result, err := run(context.Background(), os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(result); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
