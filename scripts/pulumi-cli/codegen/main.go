// Command codegen is a code-generation-only Pulumi language host for Python, Go and TypeScript, so that
// `pulumi package gen-sdk --language python` (and go) and `pulumi convert --language typescript` run here: the
// CLI asks the language host of each language to generate (GeneratePackage, GenerateProject), and the real
// hosts (pulumi-language-python, -go, -nodejs) are separate Go modules that the module proxy here does not
// serve. Theirs bind the schema or the PCL program and call the code generators of
// github.com/pulumi/pulumi/pkg/v3 (pkg/codegen/python, go, nodejs); this does the same with the same packages,
// at the CLI's own version (this module's go.mod). It answers nothing else: it cannot run programs.
// scripts/sdks.sh builds it as pulumi-language-python, -go and -nodejs in a folder of its own, put on PATH only
// for those commands. The language is the binary's name.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	tsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	language string
}

func main() {
	// The CLI starts a language host with its engine's address and flags (-root, -tracing): none is needed here.
	language := strings.TrimPrefix(filepath.Base(os.Args[0]), "pulumi-language-")
	if language != "python" && language != "go" && language != "nodejs" {
		cmdutil.Exit(fmt.Errorf("run as pulumi-language-python, -go or -nodejs, not %s", os.Args[0]))
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &host{language: language})
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start the code generator's RPC server: %w", err))
	}
	// The port on stdout is how the CLI finds the server.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(err)
	}
}

// GetPluginInfo gives the version of the code generators: the pkg/v3 this was built with (the CLI's).
func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	version := ""
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/pulumi/pulumi/pkg/v3" {
				version = strings.TrimPrefix(dep.Version, "v")
			}
		}
	}
	return &pulumirpc.PluginInfo{Version: version}, nil
}

func (h *host) GeneratePackage(
	_ context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var spec schema.PackageSpec
	if err := json.Unmarshal([]byte(req.Schema), &spec); err != nil {
		return nil, fmt.Errorf("the schema is not JSON: %w", err)
	}
	pkg, diags, err := schema.BindSpec(spec, schema.NewCachedLoader(loader), schema.ValidationOptions{
		AllowDanglingReferences: true,
	})
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	var files map[string][]byte
	switch h.language {
	case "python":
		files, err = pygen.GeneratePackage("pulumi-language-python", pkg, req.ExtraFiles, loader)
	default:
		return nil, fmt.Errorf("this code generator writes no %s SDK", h.language)
	case "go":
		if len(req.ExtraFiles) > 0 {
			return nil, errors.New("overlays are not supported for Go")
		}
		files, err = gogen.GeneratePackage("pulumi-language-go", pkg, req.LocalDependencies)
	}
	if err != nil {
		return nil, err
	}
	for name, data := range files {
		out := filepath.Join(req.Directory, name)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(out, data, 0o600); err != nil {
			return nil, err
		}
	}
	return &pulumirpc.GeneratePackageResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
}

// GenerateProject writes a TypeScript project from a PCL program (`pulumi convert --language typescript`).
func (h *host) GenerateProject(
	_ context.Context, req *pulumirpc.GenerateProjectRequest,
) (*pulumirpc.GenerateProjectResponse, error) {
	if h.language != "nodejs" {
		return nil, fmt.Errorf("this code generator writes no %s project", h.language)
	}
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	var options []pcl.BindOption
	if !req.Strict {
		options = pcl.NonStrictBindOptions()
	}
	program, diags, err := pcl.BindDirectory(req.SourceDirectory, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	if diags.HasErrors() {
		return &pulumirpc.GenerateProjectResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
	}
	var project workspace.Project
	if err := json.Unmarshal([]byte(req.Project), &project); err != nil {
		return nil, fmt.Errorf("the project is not JSON: %w", err)
	}
	if err := tsgen.GenerateProject(
		req.TargetDirectory, project, program, req.LocalDependencies, false, "nodejs",
	); err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProjectResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diags)}, nil
}

// Link is what convert asks after GenerateProject, to add the SDKs it generated for parameterized packages to
// the project; cim is no such package, so there is nothing to link, and anything else is refused.
func (h *host) Link(_ context.Context, req *pulumirpc.LinkRequest) (*pulumirpc.LinkResponse, error) {
	if len(req.Packages) > 0 {
		return nil, errors.New("this code generator links no packages into a project")
	}
	return &pulumirpc.LinkResponse{}, nil
}
