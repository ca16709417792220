// Command codegen is a code-generation-only Pulumi language host for Python and Go, so that
// `pulumi package gen-sdk --language python,go` runs here: the CLI asks the language host of each language
// to generate the SDK (GeneratePackage), and the real hosts (pulumi-language-python, pulumi-language-go) are
// separate Go modules that the module proxy here does not serve. Their GeneratePackage binds the schema and
// calls the code generators of github.com/pulumi/pulumi/pkg/v3 (pkg/codegen/python, pkg/codegen/go); this
// does the same with the same packages, at the CLI's own version (this module's go.mod). It answers nothing
// else: it cannot run programs. scripts/sdks.sh builds it as pulumi-language-python and pulumi-language-go in a
// folder of its own and puts that on PATH only for `pulumi package gen-sdk`. The language is the binary's name.
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
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
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
	if language != "python" && language != "go" {
		cmdutil.Exit(fmt.Errorf("run as pulumi-language-python or pulumi-language-go, not %s", os.Args[0]))
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
