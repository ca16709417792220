//go:build tools

// Package tools keeps the YAML language host's and converter's main packages in this module's build list so
// `go mod tidy` records every checksum the build needs.
package tools

import (
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-converter-yaml"
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
)
